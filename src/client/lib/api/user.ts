import { UserData } from '../../../domain/contract/user.ts';
import { api } from './client.ts';

/** POST /user/get: the signed-in customer, their yearly limit and verification references. */
export function fetchUserData(signal?: AbortSignal): Promise<UserData> {
  return api('/user/get', UserData, { method: 'POST', body: {}, signal });
}
