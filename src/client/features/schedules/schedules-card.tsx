import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { type Schedule, schedulesApi } from '../../../domain/contract/schedules.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { type NetworkActionProps, OfflineNotice, useNetworkActions } from '../../ui/offline-notice.tsx';
import { calendarDateText } from './schedule-dates.ts';
import { FREQUENCY_NAMES, RUN_OUTCOME_NAMES, STATUS_NAMES } from './schedule-texts.ts';
import styles from './schedules.module.css';

/**
 * Scheduled transfers on Transfers: each with what goes to whom, how often,
 * the next date (or why there is none), the least rate, the last run's
 * outcome, and skip, pause or resume, and cancel. Readable offline (its
 * last-known copy); the actions wait for a connection. Nothing while the
 * customer has none.
 */
export function SchedulesCard() {
  const headingId = useId();
  const schedules = useEndpoint(schedulesApi.listSchedules, {});
  const { reason, actionProps } = useNetworkActions(schedules.status === 'ready' && schedules.offline);
  if (schedules.status !== 'ready' || schedules.data.length === 0) return null;
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Scheduled transfers</Trans>
      </h2>
      {schedules.offline ? <OfflineNotice asOf={schedules.asOf} /> : null}
      {reason}
      <ul className={styles.list}>
        {schedules.data.map((schedule) => (
          <ScheduleItem key={schedule.id} schedule={schedule} onChanged={schedules.reload} actionProps={actionProps} />
        ))}
      </ul>
    </section>
  );
}

type Action = 'skip' | 'pause' | 'resume' | 'cancel';

function ScheduleItem({
  schedule,
  onChanged,
  actionProps,
}: {
  schedule: Schedule;
  onChanged: () => void;
  actionProps: NetworkActionProps;
}) {
  const { t, i18n } = useLingui();
  const money = useWireMoney();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const amount = money(schedule.amount, schedule.amount_currency);
  const name = schedule.beneficiary_name;
  const next = schedule.next_run_date === null ? null : calendarDateText(i18n.locale, schedule.next_run_date);
  const last = schedule.runs[0];
  const day = String(schedule.day_of_month ?? '');
  const lastDate = last ? calendarDateText(i18n.locale, last.run_date) : '';
  const lastOutcome = last ? i18n._(RUN_OUTCOME_NAMES[last.outcome]) : '';
  const { source_currency: from, destination_currency: to, min_rate: least } = schedule;

  const act = async (action: Action) => {
    setBusy(true);
    try {
      const body = { schedule_id: schedule.id };
      if (action === 'skip') {
        await call(schedulesApi.skipScheduleRun, { body: { ...body, run_date: schedule.next_run_date ?? '' } });
      } else if (action === 'pause') await call(schedulesApi.pauseSchedule, { body });
      else if (action === 'resume') await call(schedulesApi.resumeSchedule, { body });
      else await call(schedulesApi.cancelSchedule, { body });
      onChanged();
    } catch (error) {
      showErrorModal(error instanceof ApiFailure ? error : null);
    } finally {
      setBusy(false);
      setConfirmCancel(false);
    }
  };
  const goesOn = schedule.status === 'ACTIVE' || schedule.status === 'PAUSED';
  const disabled = busy || actionProps.disabled === true;

  return (
    <li className={styles.item}>
      <p className={styles.what}>
        <Trans>
          {amount} to {name}
        </Trans>
      </p>
      <p className={styles.muted}>
        {i18n._(FREQUENCY_NAMES[schedule.frequency])}
        {schedule.frequency === 'monthly' ? (
          <>
            {' · '}
            <Trans>on day {day} (the last day in shorter months)</Trans>
          </>
        ) : null}
        {' · '}
        {i18n._(STATUS_NAMES[schedule.status])}
      </p>
      {next !== null && schedule.status === 'ACTIVE' ? (
        <p>
          <Trans>Next: {next}</Trans>
        </p>
      ) : null}
      {schedule.min_rate !== null ? (
        <p className={styles.muted}>
          <Trans>
            Only if 1 {from} buys at least {least} {to}
          </Trans>
        </p>
      ) : null}
      {last ? (
        <p className={styles.muted}>
          <Trans>
            Last: {lastDate}, {lastOutcome}
          </Trans>
        </p>
      ) : null}
      {goesOn ? (
        <div className={styles.actions}>
          {schedule.status === 'ACTIVE' && next !== null ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              {...actionProps}
              disabled={disabled}
              aria-label={t`Skip the transfer of ${next} to ${name}`}
              onClick={() => void act('skip')}
            >
              <Trans>Skip next</Trans>
            </button>
          ) : null}
          <button
            type="button"
            className={buttonClass('secondary')}
            {...actionProps}
            disabled={disabled}
            onClick={() => void act(schedule.status === 'ACTIVE' ? 'pause' : 'resume')}
          >
            {schedule.status === 'ACTIVE' ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
          </button>
          {confirmCancel ? (
            <button
              type="button"
              className={buttonClass('primary')}
              {...actionProps}
              disabled={disabled}
              onClick={() => void act('cancel')}
            >
              <Trans>Yes, cancel the schedule</Trans>
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass('secondary')}
              {...actionProps}
              disabled={disabled}
              onClick={() => setConfirmCancel(true)}
            >
              <Trans>Cancel schedule</Trans>
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}
