import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type TopUp, walletsApi } from '../../../domain/contract/wallets.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { checkCardEnrollment } from '../../lib/card-payment/check-card-enrollment.ts';
import { pollPayment } from '../../lib/card-payment/poll-payment.ts';
import { SUPPORT_EMAIL } from '../../lib/config.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import { TopUpResult } from './top-up-result.tsx';
import styles from './wallets.module.css';

/**
 * Back from the card's bank (3-D Secure) for a wallet top-up: the top-up's
 * status (check-card-enrollment with the payment's id, else the top-up), asked at once and then every 15 seconds while the bank has not
 * answered (SPEC §4, §9).
 */
export function TopUpReturn({ topUpId, paymentId }: { topUpId: string; paymentId?: string }) {
  const [settled, setSettled] = useState<TopUp>();
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    pollPayment(
      (signal) =>
        paymentId
          ? checkCardEnrollment(paymentId, 'top_up', signal)
          : call(walletsApi.getTopUp, { params: { top_up_id: topUpId }, signal }),
      { signal: controller.signal },
    ).then(
      (outcome) => ('gaveUp' in outcome ? setGaveUp(true) : setSettled(outcome.settled)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        showErrorModal(error instanceof ApiFailure ? error : null);
        setGaveUp(true);
      },
    );
    return () => controller.abort();
  }, [topUpId, paymentId]);

  if (settled) return <TopUpResult topUp={settled} />;
  return (
    <div className={styles.result} aria-busy={!gaveUp}>
      <h1>
        <Trans>We are confirming your top-up</Trans>
      </h1>
      <p role="status">
        {gaveUp ? (
          <Trans>Your bank has not answered yet. Your wallet shows the money once it arrives.</Trans>
        ) : (
          <Trans>We are waiting for your bank to confirm the payment. This usually takes a few seconds.</Trans>
        )}
      </p>
      <p>
        <Trans>
          Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Trans>
      </p>
      <Link to="/wallets" className={buttonClass('secondary')}>
        <Trans>See your wallets</Trans>
      </Link>
    </div>
  );
}
