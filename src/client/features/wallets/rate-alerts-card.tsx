import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { rateAlertCalls } from '../../../domain/contract/wallets/rate-alerts.ts';
import type { RateAlert } from '../../../domain/contract/wallets.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay, useHoldReveal } from '../../ui/loader-overlay.tsx';
import {
  type NetworkActionProps,
  OfflineNothingYet,
  OfflineNotice,
  useNetworkActions,
} from '../../ui/offline-notice.tsx';
import styles from './wallets.module.css';

/**
 * Rate alerts: the customer names a target rate for two of their wallet
 * currencies and hears once (a notification, and a push when subscribed)
 * when the rate reaches it; the list with each alert's state and a delete.
 * Offline, the list the device last saw, with its age; setting and deleting
 * are off until the connection returns.
 */
export function RateAlertsCard() {
  const headingId = useId();
  const alerts = useEndpoint(rateAlertCalls.listRateAlerts, {});
  const currencies = useEndpoint(balanceCalls.walletCurrencies, {});
  useHoldReveal(alerts.status === 'loading' || currencies.status === 'loading');
  const lastKnown = alerts.status === 'ready' && alerts.offline;
  const { reason, actionProps } = useNetworkActions(lastKnown || (currencies.status === 'ready' && currencies.offline));
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Rate alerts</Trans>
      </h2>
      {lastKnown ? <OfflineNotice asOf={alerts.asOf} /> : null}
      {reason}
      {currencies.status === 'ready' ? (
        <RateAlertForm codes={currencies.data.map((c) => c.code)} actionProps={actionProps} onCreated={alerts.reload} />
      ) : null}
      {alerts.status === 'ready' ? (
        alerts.data.length === 0 ? (
          <p className={styles.muted}>
            <Trans>You have no rate alerts. Set a rate and we tell you when it is reached.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {alerts.data.map((alert) => (
              <RateAlertItem key={alert.id} alert={alert} actionProps={actionProps} onDeleted={alerts.reload} />
            ))}
          </ul>
        )
      ) : alerts.status === 'failed' && isOffline(alerts.error) ? (
        <OfflineNothingYet />
      ) : alerts.status === 'failed' ? (
        <LoadFailed onRetry={alerts.reload}>
          <Trans>We couldn't load your rate alerts.</Trans>
        </LoadFailed>
      ) : (
        <LoaderOverlay type="circle">
          <Trans>Loading your rate alerts…</Trans>
        </LoaderOverlay>
      )}
    </section>
  );
}

interface RateAlertFormProps {
  codes: readonly string[];
  /** disables setting an alert while the card shows last-known data (offline) */
  actionProps: NetworkActionProps;
  onCreated: () => void;
}

function RateAlertForm({ codes, actionProps, onCreated }: RateAlertFormProps) {
  const { t } = useLingui();
  const [from, setFrom] = useState(codes[0] ?? '');
  const [to, setTo] = useState(codes[1] ?? '');
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (from === to) return setError(t`Choose two different currencies`);
    if (!/^\d{1,9}(\.\d{1,8})?$/.test(rate.trim()) || !/[1-9]/.test(rate)) {
      return setError(t`Enter a rate above zero, like 1.1650`);
    }
    setBusy(true);
    try {
      await call(rateAlertCalls.createRateAlert, {
        body: { from_currency: from, to_currency: to, target_rate: rate.trim() },
      });
      setRate('');
      setError(undefined);
      onCreated();
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      if (failure.type === 'RateAlertLimitReached') setError(t`You have 10 rate alerts waiting. Delete one first.`);
      else showErrorModal(failure);
    } finally {
      setBusy(false);
    }
  };

  const select = (id: string, label: string, value: string, onChange: (code: string) => void) => (
    <FormField id={id} label={label}>
      {(control) => (
        <select {...control} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
          {codes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <form noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
      {select('rate-alert-from', t`From`, from, setFrom)}
      {select('rate-alert-to', t`To`, to, setTo)}
      <FormField id="rate-alert-rate" label={<Trans>Tell me when 1 {from} buys</Trans>} error={error} suffix={to}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={18}
            value={rate}
            onChange={(event) => {
              setRate(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <button type="submit" className={buttonClass('primary')} disabled={busy} {...actionProps}>
        <Trans>Set rate alert</Trans>
      </button>
    </form>
  );
}

interface RateAlertItemProps {
  alert: RateAlert;
  /** disables deleting while the card shows last-known data (offline) */
  actionProps: NetworkActionProps;
  onDeleted: () => void;
}

function RateAlertItem({ alert, actionProps, onDeleted }: RateAlertItemProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const { from_currency: from, to_currency: to, target_rate: target } = alert;
  const name = `1 ${from} = ${target} ${to}`;
  const remove = async () => {
    setBusy(true);
    try {
      await call(rateAlertCalls.deleteRateAlert, { body: { alert_id: alert.id } });
      onDeleted();
    } catch (error) {
      showErrorModal(error instanceof ApiFailure ? error : null);
      setBusy(false);
    }
  };
  const firedRate = alert.fired_rate ?? '';
  return (
    <li className={styles.wallet}>
      <span>
        <span className={styles.walletName}>{name}</span>
        <span className={styles.muted}>
          {alert.status === 'FIRED' ? (
            <Trans>
              Reached: 1 {from} bought {firedRate} {to}
            </Trans>
          ) : (
            <Trans>
              Waiting (1 {from} was {alert.rate_at_creation} {to} when you set it)
            </Trans>
          )}
        </span>
      </span>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={busy}
        {...actionProps}
        aria-label={t`Delete rate alert ${name}`}
        onClick={() => void remove()}
      >
        <Trans>Delete</Trans>
      </button>
    </li>
  );
}
