import { Trans } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useId } from 'react';
import { leavesRegistration } from '../../features/onboarding/registration-flow.ts';
import { signOut } from '../../features/sign-in/sign-out.ts';
import { hardNavigate } from '../../lib/session/logout.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { OnboardingLayout } from './onboarding-layout.tsx';
import styles from './registration-layout.module.css';

/**
 * The onboarding steps in the onboarding layout. Leaving them mid-way asks
 * first: Yes signs the customer out and starts again at
 * country-of-residence (signing in later resumes at the same step), No
 * stays on the step.
 */
export function RegistrationLayout() {
  const store = useStore();
  const titleId = useId();
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => leavesRegistration(next.pathname),
    enableBeforeUnload: false,
    withResolver: true,
  });

  const abandon = async () => {
    blocker.reset?.();
    await signOut(store, () => hardNavigate('/country-of-residence'));
  };

  return (
    <>
      <OnboardingLayout />
      <Dialog
        open={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        labelledBy={titleId}
        role="alertdialog"
      >
        <h2 id={titleId}>
          <Trans>Cancel your registration?</Trans>
        </h2>
        <p>
          <Trans>If you leave now, you will be signed out. Sign in again to carry on where you left off.</Trans>
        </p>
        <div className={styles.actions}>
          <button type="button" className={buttonClass('primary')} onClick={() => void abandon()}>
            <Trans>Yes</Trans>
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={() => blocker.reset?.()}>
            <Trans>No</Trans>
          </button>
        </div>
      </Dialog>
    </>
  );
}
