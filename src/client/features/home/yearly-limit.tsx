import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { UserLimit } from '../../../domain/contract/user.ts';
import { displayMoney } from '../../../domain/money.ts';
import cardStyles from '../../ui/card.module.css';
import styles from './home.module.css';
import { limitUse } from './yearly-limit.ts';

/** How much of the yearly sending limit is spent and how much remains. */
export function YearlyLimit({ limit }: { limit: UserLimit }) {
  const { i18n, t } = useLingui();
  const use = limitUse(limit);
  const money = (minor: bigint) => displayMoney(minor, use.currency, i18n.locale);
  const spent = money(use.used);
  const remaining = money(use.remaining);
  const total = money(use.limit);

  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>
            <Trans>Spent this year</Trans>
          </dt>
          <dd>{spent}</dd>
        </div>
        <div>
          <dt>
            <Trans>Remaining</Trans>
          </dt>
          <dd>{remaining}</dd>
        </div>
      </dl>
      <meter
        className={styles.gauge}
        min={0}
        max={100}
        value={use.usedPercent}
        high={90}
        aria-label={t`Share of your yearly limit used`}
      />
      <p className={styles.muted}>
        <Trans>
          {spent} of your {total} yearly limit used
        </Trans>
      </p>
      {limit.limitRemainingWarning ? (
        <p className={styles.warning}>
          <Trans>You have used most of your yearly limit. Transfers above what remains will be refused.</Trans>
        </p>
      ) : null}
    </>
  );
}

/**
 * While the limit loads: the figures' labels with dashes, the gauge's place and the loading line, at the height the
 * limit will take, so nothing under the card moves when it comes.
 */
export function YearlyLimitLoading() {
  return (
    <>
      <div aria-hidden="true">
        <dl className={styles.figures}>
          <div>
            <dt>
              <Trans>Spent this year</Trans>
            </dt>
            <dd>–</dd>
          </div>
          <div>
            <dt>
              <Trans>Remaining</Trans>
            </dt>
            <dd>–</dd>
          </div>
        </dl>
        <div className={styles.gauge} />
      </div>
      <p role="status" className={styles.muted}>
        <Trans>Loading your yearly limit…</Trans>
      </p>
    </>
  );
}

/** The card "Your yearly limit", on home and on the profile, holding the limit or what stands in for it. */
export function YearlyLimitCard({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Your yearly limit</Trans>
      </h2>
      {children}
    </section>
  );
}
