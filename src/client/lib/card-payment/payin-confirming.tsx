import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { SUPPORT_EMAIL } from '../config.ts';

interface PayinConfirmingProps {
  /** the screen's own result layout */
  className?: string;
  /** the last check went unanswered: the loader stops */
  gaveUp: boolean;
  heading: ReactNode;
  /** while the bank has not answered */
  waiting: ReactNode;
  /** once the polling gave up */
  unanswered: ReactNode;
  /** the way out (SPEC §2 modals: the loader of type "button") */
  children: ReactNode;
}

/**
 * SPEC §4's loader of type "button": while a pay-in return waits for the bank (`usePayinReturn` confirming or
 * gave up): what is being confirmed, the state of the wait, the support
 * mailto and the way out each purpose gives.
 */
export function PayinConfirming({ className, gaveUp, heading, waiting, unanswered, children }: PayinConfirmingProps) {
  return (
    <div className={className} aria-busy={!gaveUp}>
      <h1>{heading}</h1>
      {gaveUp ? <p role="status">{unanswered}</p> : <LoaderOverlay type="text">{waiting}</LoaderOverlay>}
      <p>
        <Trans>
          Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Trans>
      </p>
      {children}
    </div>
  );
}
