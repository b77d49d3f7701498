import { Navigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { CodeForm } from './code-form.tsx';
import { pendingRegistrationAtom } from './registration-atoms.ts';

/**
 * /email-verification: the code e-mailed for the registration in progress.
 * With none in progress (it was finished, or the page was reloaded and the
 * token, held in memory only, is gone) the visitor registers again.
 */
export function EmailVerificationScreen() {
  const pending = useAtomValue(pendingRegistrationAtom);
  return pending ? <CodeForm pending={pending} /> : <Navigate to="/registration" replace />;
}
