import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useState } from 'react';
import { passkeysApi } from '../../../domain/contract/passkeys.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import type { Text } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { PasskeyCeremonyStopped, passkeysSupported, signWithPasskey } from '../../lib/passkeys/passkey-ceremony.ts';
import { postSignInHref } from '../../lib/session/guards.ts';
import { startSession } from '../../lib/session/start-session.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';

/** "Sign in with a passkey" on the sign-in screen, where the browser can use passkeys. */
export function PasskeySignIn({ redirect }: { redirect: string | undefined }) {
  const store = useStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Text | null>(null);
  if (!passkeysSupported()) return null;

  const signIn = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const options = await call(passkeysApi.signInOptions);
      const credential = await signWithPasskey(options);
      const signedIn = await call(passkeysApi.signIn, { body: { credential } });
      startSession(store, signedIn);
      await navigate({ href: postSignInHref(redirect), replace: true });
    } catch (error) {
      setBusy(false);
      if (error instanceof PasskeyCeremonyStopped) return setProblem(msg`The passkey sign-in was cancelled.`);
      if (!(error instanceof ApiFailure)) return reportUnexpected(error, setProblem);
      if (error.type === 'DisabledCustomer') return void navigate({ to: '/account-blocked' });
      if (error.type === 'PasskeyNotVerified') {
        return setProblem(msg`We couldn't sign you in with this passkey. Sign in another way, or try again.`);
      }
      if (error.type === 'AttemptLimit') return setProblem(msg`Too many attempts from your network. Try again later.`);
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <div className={styles.after}>
      <ProblemMessage problem={problem} />
      <button type="button" className={buttonClass('secondary')} disabled={busy} onClick={() => void signIn()}>
        <Trans>Sign in with a passkey</Trans>
      </button>
    </div>
  );
}
