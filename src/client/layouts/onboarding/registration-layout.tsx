import { Trans } from '@lingui/react/macro';
import { Outlet, useBlocker, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useId } from 'react';
import { leavesRegistration } from '../../features/onboarding/registration-flow.ts';
import { registrationStartedAtom } from '../../lib/session/onboarding-atoms.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import styles from './registration-layout.module.css';

/**
 * Wraps the registration steps. Leaving them mid-way asks first: Yes
 * abandons the registration and starts again at country-of-residence,
 * No stays on the step.
 */
export function RegistrationLayout() {
  const navigate = useNavigate();
  const setRegistrationStarted = useSetAtom(registrationStartedAtom);
  const titleId = useId();
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => leavesRegistration(next.pathname),
    enableBeforeUnload: false,
    withResolver: true,
  });

  const abandon = async () => {
    blocker.reset?.();
    setRegistrationStarted(false);
    await navigate({ to: '/country-of-residence', ignoreBlocker: true });
  };

  return (
    <>
      <Outlet />
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
          <Trans>If you leave now, the details you have entered will not be saved.</Trans>
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
