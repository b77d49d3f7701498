import { type OtpSendRequest, oauthApi } from '../../../domain/contract/oauth.ts';
import { toE164 } from '../../../domain/phone.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { area } from '../../http/mount-endpoints.ts';
import { bearerOf } from '../../http/registration-bearer.ts';
import { exchangeHandoff } from './auth-handoff.ts';
import { checkBankId, identifyBankIdPerson, migrateToBankId, restartBankId, startBankId } from './bank-id-service.ts';
import { EMAIL_CHANNEL, SMS_CHANNEL } from './code-channels.ts';
import { checkGuestCaptcha, scoreGuestCaptcha, startGuest } from './guest-sessions.ts';
import {
  addRegistrationEmail,
  checkCode,
  commitRegistration,
  resendCode,
  startRegistration,
} from './registration-service.ts';
import { flushRegistration } from './registrations.ts';

/** `otp/send` and SPEC §7's `user/register-with-phone`: a registration whose code is texted to the number. */
function startPhoneRegistration(
  deps: AppDeps,
  body: OtpSendRequest,
  clientAddress: string,
  authorization: string | undefined,
) {
  const destination = toE164(body.mobile, body.country);
  return startRegistration(deps, SMS_CHANNEL, { ...body, destination }, clientAddress, bearerOf(authorization));
}

/**
 * The OAuth-style API: registration by e-mail or SMS code (check, commit, and the hand-over to a session),
 * registration and sign-in by bank ID, bank-ID migrate, and the guest sessions that pass the captcha gate
 * of registration.
 */
export const oauthArea = area(oauthApi, {
  sendEmailCode: ({ deps, body, clientAddress, header }) =>
    startRegistration(
      deps,
      EMAIL_CHANNEL,
      { ...body, destination: body.email },
      clientAddress,
      bearerOf(header('authorization')),
    ),
  resendEmailCode: ({ deps, registrationToken, clientAddress }) =>
    resendCode(deps, EMAIL_CHANNEL, registrationToken, clientAddress),
  checkEmailCode: ({ deps, registrationToken, body, clientAddress }) =>
    checkCode(deps, EMAIL_CHANNEL, registrationToken, body, clientAddress),
  sendPhoneCode: ({ deps, body, clientAddress, header }) =>
    startPhoneRegistration(deps, body, clientAddress, header('authorization')),
  registerWithPhone: ({ deps, body, clientAddress, header }) =>
    startPhoneRegistration(deps, body, clientAddress, header('authorization')),
  resendPhoneCode: ({ deps, registrationToken, clientAddress }) =>
    resendCode(deps, SMS_CHANNEL, registrationToken, clientAddress),
  checkPhoneCode: ({ deps, registrationToken, body, clientAddress }) =>
    checkCode(deps, SMS_CHANNEL, registrationToken, body, clientAddress),
  addRegistrationEmail: ({ deps, registrationToken, body }) => addRegistrationEmail(deps, registrationToken, body),
  commitRegistration: ({ deps, registrationToken }) => commitRegistration(deps, registrationToken),
  jwtToAuth: ({ deps, body }) => exchangeHandoff(deps, body.jwt),
  startBankId: ({ deps, body, clientAddress, header }) =>
    startBankId(deps, body, clientAddress, bearerOf(header('authorization'))),
  checkBankId: ({ deps, registrationToken }) => checkBankId(deps, registrationToken),
  registerWithPersonalIdentityNumber: ({ deps, body, clientAddress, header }) =>
    startBankId(deps, { ...body, purpose: 'registration' }, clientAddress, bearerOf(header('authorization'))),
  loginWithPersonalIdentityNumber: ({ deps, body, clientAddress }) =>
    startBankId(deps, { ...body, purpose: 'login' }, clientAddress),
  bankIdLogin: ({ deps, registrationToken }) => checkBankId(deps, registrationToken, 'login'),
  restartBankId: ({ deps, registrationToken, clientAddress }) => restartBankId(deps, registrationToken, clientAddress),
  identifyBankIdPerson: ({ deps, registrationToken }) => identifyBankIdPerson(deps, registrationToken),
  flush: ({ deps, registrationToken }) => flushRegistration(deps.db, registrationToken),
  startGuest: ({ deps, body, clientAddress }) => startGuest(deps, body, clientAddress),
  scoreCaptcha: ({ deps, registrationToken, body, clientAddress }) =>
    scoreGuestCaptcha(deps, registrationToken, body, clientAddress),
  checkCaptcha: ({ deps, registrationToken, body, clientAddress }) =>
    checkGuestCaptcha(deps, registrationToken, body, clientAddress),
  migrateToBankId: ({ deps, session, body, clientAddress }) =>
    migrateToBankId(deps, session.customerId, body, clientAddress),
});
