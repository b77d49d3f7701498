import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TopUp } from '../../../domain/contract/wallets.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { PAYMENT_MESSAGES } from '../../lib/card-payment/payment-messages.ts';
import { buttonClass } from '../../ui/button.ts';
import { Figure, Figures } from '../../ui/summary-box.tsx';
import styles from './wallets.module.css';

/** How a card top-up ended (`onRetry` starts another on the same screen): the money and the wallet's new balance, or "wallet top-up failed" and why (SPEC §8). */
export function TopUpResult({ topUp, onRetry }: { topUp: TopUp; onRetry?: () => void }) {
  const { i18n } = useLingui();
  const money = (amount: string) => displayMoney(parseMinor(amount, topUp.currency), topUp.currency, i18n.locale);
  if (topUp.status === 'APPROVED') {
    const amount = money(topUp.amount);
    return (
      <div className={styles.result}>
        <h1>
          <Trans>Your wallet is topped up</Trans>
        </h1>
        <p role="status">
          <Trans>{amount} has arrived in your wallet.</Trans>
        </p>
        <Figures>
          <Figure label={<Trans>New {topUp.currency} balance</Trans>} strong>
            {money(topUp.balance)}
          </Figure>
        </Figures>
        <div className={styles.actions}>
          <Link to="/wallets" className={buttonClass('primary')}>
            <Trans>See your wallets</Trans>
          </Link>
          <Link to="/home" className={buttonClass('secondary')}>
            <Trans>Home</Trans>
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.result}>
      <h1>
        <Trans>Wallet top-up failed</Trans>
      </h1>
      <p role="alert">{i18n._(PAYMENT_MESSAGES[topUp.code ?? 'unknown_error'])}</p>
      <p>
        <Trans>No money has been taken and your balance has not changed.</Trans>
      </p>
      <div className={styles.actions}>
        {onRetry ? (
          <button type="button" className={buttonClass('primary')} onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        ) : (
          <Link to="/top-up" search={{ currency: topUp.currency }} className={buttonClass('primary')}>
            <Trans>Try again</Trans>
          </Link>
        )}
        <Link to="/wallets" className={buttonClass('secondary')}>
          <Trans>See your wallets</Trans>
        </Link>
      </div>
    </div>
  );
}
