import { userApi } from '../../../domain/contract/user.ts';
import { USA_STATES } from '../../../domain/countries.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { saveLocale } from '../../customers/customers.ts';
import { detectCountry } from '../../customers/detect-country.ts';
import { area } from '../../http/mount-endpoints.ts';
import { usaStateView } from '../locator/locator-views.ts';
import { removeSessionPushSubscriptions } from '../notifications/push-subscriptions.ts';
import { getAgent } from './agents.ts';
import { registerLaunchInterest } from './launch-interest-service.ts';
import { login, loginWithPhone } from './login-service.ts';
import { changePassword } from './password-change-service.ts';
import { requestPasswordReset, resetPasswordWithCode } from './password-recovery-service.ts';
import { getUserData } from './user-service.ts';

/** The user and session calls of the main API. */
export const userArea = area(userApi, {
  login: ({ deps, body, clientAddress }) => login(deps, body, clientAddress),
  loginWithPhone: ({ deps, body, clientAddress }) => loginWithPhone(deps, body, clientAddress),
  logout: async ({ deps, session }) => {
    await revokeSession(deps.db, deps.clock, session.tokenHash);
    await removeSessionPushSubscriptions(deps.db, session.tokenHash);
    return { logged_out: true } as const;
  },
  getUserData: ({ deps, session, body }) => getUserData(deps, session.customerId, body.customer_id),
  saveLocale: ({ deps, session, body }) => saveLocale(deps.db, session.customerId, body.locale),
  detectCountry: ({ header, edgeHeader }) =>
    detectCountry({
      edgeCountry: edgeHeader('cf-ipcountry'),
      edgeRegion: edgeHeader('cf-region-code'),
      acceptLanguage: header('accept-language'),
    }),
  registerLaunchInterest: ({ deps, body, clientAddress }) => registerLaunchInterest(deps, body, clientAddress),
  resetPassword: ({ deps, body, clientAddress }) => requestPasswordReset(deps, body, clientAddress),
  changePasswordWithCode: ({ deps, body, clientAddress }) => resetPasswordWithCode(deps, body, clientAddress),
  changePassword: ({ deps, session, body, clientAddress }) => changePassword(deps, session, body, clientAddress),
  getAgent: ({ deps, params }) => getAgent(deps.db, params.code),
  listUsaStates: () => USA_STATES.map(usaStateView),
});
