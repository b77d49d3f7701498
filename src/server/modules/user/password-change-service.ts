import type { PasswordChanged, PasswordChangeRequest } from '../../../domain/contract/user.ts';
import { differentPasswordRule } from '../../../domain/rules.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { LiveSession } from '../../auth/sessions.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { passwordAgain } from './password-again.ts';
import { replacePassword } from './password-replacement.ts';

/**
 * A signed-in customer changes their password: the old one must be right
 * (password-again.ts), the new one must differ from it (SPEC §5 is_not).
 * Every other session ends; this one stays.
 */
export async function changePassword(
  deps: AppDeps,
  session: LiveSession,
  input: PasswordChangeRequest,
  clientAddress: string,
): Promise<PasswordChanged> {
  const { db, clock, config } = deps;
  const different = differentPasswordRule(input.old_password, input.new_password);
  if (different !== true) throw new ApiError('ValidationFailed', different, 'new_password');

  const customer = await passwordAgain(
    deps,
    session,
    input.old_password,
    {
      perSession: ABUSE_LIMITS.passwordChangeFailuresPerSession,
      field: 'old_password',
      wrong: 'The old password is incorrect',
    },
    clientAddress,
  );

  const passwordHash = await hashPassword(input.new_password, config.passwordHashing);
  await db.transaction().execute((trx) => replacePassword(trx, clock, customer.id, passwordHash, session.tokenHash));
  return { password_changed: true };
}
