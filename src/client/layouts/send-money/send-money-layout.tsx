import { useLingui } from '@lingui/react/macro';
import { useMatches, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { clearSendMoneyDraft } from '../../features/send-money/send-money-draft.ts';
import { buttonClass } from '../../ui/button.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { BrandLogo } from '../brand-logo.tsx';
import { LayoutFrame } from '../layout-frame.tsx';
import styles from './send-money-layout.module.css';
import { SendMoneySteps } from './send-money-steps.tsx';

/**
 * The send-money steps layout (SPEC §2): the logo, the steps with the current
 * one from the route's `stepIndex`, and a close button. Leaving by the logo or
 * the close button drops the transfer in progress and opens the transfers list.
 */
export function SendMoneyLayout() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const step = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.stepIndex)?.staticData.stepIndex ?? 1,
  });

  const leave = async (event?: MouseEvent) => {
    event?.preventDefault();
    await clearSendMoneyDraft();
    await navigate({ to: '/transfers' });
  };

  return (
    <LayoutFrame
      classes={styles}
      footer={false}
      header={
        <>
          <BrandLogo to="/transfers" compact onClick={(event) => void leave(event)} />
          <SendMoneySteps current={step} />
          <button
            type="button"
            className={buttonClass('ghost', { icon: true })}
            aria-label={t`Close and discard this transfer`}
            onClick={() => void leave()}
          >
            <CloseIcon />
          </button>
        </>
      }
    />
  );
}
