import { oauthApi } from '../../../domain/contract/oauth.ts';
import { area } from '../../http/mount-endpoints.ts';
import { checkEmailCode, resendEmailCode, startEmailRegistration } from './email-registration-service.ts';

/** The OAuth-style API: registration by e-mail code. */
export const oauthArea = area(oauthApi, {
  sendEmailCode: ({ deps, body }) => startEmailRegistration(deps, body),
  resendEmailCode: ({ deps, registrationToken }) => resendEmailCode(deps, registrationToken),
  checkEmailCode: ({ deps, registrationToken, body }) => checkEmailCode(deps, registrationToken, body),
});
