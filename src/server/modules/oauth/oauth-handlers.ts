import { oauthApi } from '../../../domain/contract/oauth.ts';
import { area } from '../../http/mount-endpoints.ts';
import { checkEmailCode, resendEmailCode, startEmailRegistration } from './email-registration-service.ts';

/** The OAuth-style API: registration by e-mail code. */
export const oauthArea = area(oauthApi, {
  sendEmailCode: ({ deps, body, clientAddress }) => startEmailRegistration(deps, body, clientAddress),
  resendEmailCode: ({ deps, registrationToken, clientAddress }) =>
    resendEmailCode(deps, registrationToken, clientAddress),
  checkEmailCode: ({ deps, registrationToken, body, clientAddress }) =>
    checkEmailCode(deps, registrationToken, body, clientAddress),
});
