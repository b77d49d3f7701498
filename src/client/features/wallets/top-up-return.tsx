import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PayinConfirming } from '../../lib/card-payment/payin-confirming.tsx';
import { usePayinReturn } from '../../lib/card-payment/payin-return.ts';
import { buttonClass } from '../../ui/button.ts';
import { TopUpResult } from './top-up-result.tsx';
import styles from './wallets.module.css';

/**
 * Back from the card's bank (3-D Secure) or the bank link for a wallet
 * top-up: the top-up's status as the pay-in return polls it
 * (`usePayinReturn`), then how it ended, or the confirming loader.
 */
export function TopUpReturn({ topUpId, paymentId }: { topUpId: string; paymentId?: string }) {
  const phase = usePayinReturn({ kind: 'top-up', topUpId }, { paymentId });

  if (phase.name === 'approved' || phase.name === 'failed') return <TopUpResult topUp={phase.result} />;
  return (
    <PayinConfirming
      className={styles.result}
      gaveUp={phase.name === 'gave-up'}
      heading={<Trans>We are confirming your top-up</Trans>}
      waiting={<Trans>We are waiting for your bank to confirm the payment. This usually takes a few seconds.</Trans>}
      unanswered={<Trans>Your bank has not answered yet. Your wallet shows the money once it arrives.</Trans>}
    >
      <Link to="/wallets" className={buttonClass('secondary')}>
        <Trans>See your wallets</Trans>
      </Link>
    </PayinConfirming>
  );
}
