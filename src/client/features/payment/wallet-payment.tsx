import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import { paymentTypesFor, type Transfer } from '../../../domain/contract/transfers/transfer.ts';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { parseMinor } from '../../../domain/money.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { useHoldReveal } from '../../ui/loader-overlay.tsx';
import styles from './payment.module.css';

type Problem = 'short' | 'expired' | 'unavailable' | 'network';

interface WalletPaymentProps {
  transfer: Transfer;
  /** the rate ran out: nothing can be paid until the transfer is re-priced */
  expired: boolean;
  onPaid: (transfer: Transfer) => void;
  onExpired: () => void;
  onStale: () => void;
}

/**
 * Pay from the wallet in the transfer's currency (SPEC §2 payment: wallet;
 * not offered to US senders): its balance, and the pay button when it holds
 * the total, or why it cannot. Shown only when that wallet exists.
 */
export function WalletPayment({ transfer, expired, onPaid, onExpired, onStale }: WalletPaymentProps) {
  const balances = useEndpoint(balanceCalls.walletBalances, {});
  useHoldReveal(balances.status === 'loading');
  const money = useWireMoney();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  /** the Idempotency-Key of this payment, kept when a call is retried */
  const key = useRef<string>(undefined);
  const currency = transfer.source_currency;
  const balance = balances.data?.[currency];

  if (!paymentTypesFor(transfer.send_country).includes('wallet') || balance === undefined) return null;
  const enough = parseMinor(balance, currency) >= parseMinor(transfer.total, currency);

  const pay = async () => {
    setBusy(true);
    setProblem(undefined);
    key.current ??= crypto.randomUUID();
    try {
      const result = await call(paymentCalls.payFromWallet, {
        body: { trans_ref: transfer.trans_ref },
        idempotencyKey: key.current,
      });
      onPaid(result.transfer);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.status !== 0) key.current = undefined;
      if (error.type === 'InsufficientFunds') {
        setProblem('short');
        balances.reload();
      } else if (error.type === 'QuoteExpired') {
        setProblem('expired');
        onExpired();
      } else if (error.type === 'InvalidTransition') {
        setProblem('unavailable');
        onStale();
      } else if (error.status === 0) setProblem('network');
      else showErrorModal(error);
    } finally {
      setBusy(false);
    }
  };

  const total = money(transfer.total, currency);
  const held = money(balance, currency);
  return (
    <section aria-labelledby="wallet-payment-title" className={styles.method}>
      <h2 id="wallet-payment-title">
        <Trans>Pay from your wallet</Trans>
      </h2>
      <p>
        <Trans>
          Your {currency} wallet balance: <strong>{held}</strong>
        </Trans>
      </p>
      {enough && problem !== 'short' ? (
        <button
          type="button"
          className={`${buttonClass('primary')} ${styles.longLabel}`}
          disabled={busy || expired}
          aria-busy={busy}
          onClick={() => void pay()}
        >
          {busy ? <Trans>Paying…</Trans> : <Trans>Pay {total} from wallet</Trans>}
        </button>
      ) : (
        <InlineMessage tone={problem === 'short' ? 'error' : 'news'}>
          <Trans>
            Your {currency} wallet does not hold enough for this transfer ({total}). Pay by card, or{' '}
            <Link to="/wallets">top up your wallet</Link> first.
          </Trans>
        </InlineMessage>
      )}
      {problem === 'unavailable' ? (
        <InlineMessage tone="error">
          <Trans>This transfer cannot be paid right now: a payment for it may already be in progress.</Trans>
        </InlineMessage>
      ) : problem === 'network' ? (
        <InlineMessage tone="error">
          <Trans>We could not reach the payment service. Check your connection and try again.</Trans>
        </InlineMessage>
      ) : null}
    </section>
  );
}
