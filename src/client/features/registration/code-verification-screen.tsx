import { Navigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ContactMethod } from '../../lib/forms/contact-field.tsx';
import { pendingRegistrationAtom } from './registration-atoms.ts';
import { CodeForm } from './registration-code-form.tsx';

/**
 * /email-verification and /phone-verification: the code sent for the
 * registration in progress to that kind of destination. With none in
 * progress (it was finished, or the page was reloaded and the token, held
 * in memory only, is gone) the visitor registers again.
 */
export function CodeVerificationScreen({ method }: { method: ContactMethod }) {
  const pending = useAtomValue(pendingRegistrationAtom);
  return pending?.method === method ? <CodeForm pending={pending} /> : <Navigate to="/registration" replace />;
}
