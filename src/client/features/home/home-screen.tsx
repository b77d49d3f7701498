import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import type { ReactNode } from 'react';
import type { UserData } from '../../../domain/contract/user.ts';
import { useAskFirst } from '../../lib/api/primed-answers.ts';
import { isOffline, useAnswer } from '../../lib/api/use-endpoint.ts';
import { stepPath } from '../../lib/session/guards.ts';
import { takeOpeningAnswer, USER_DATA_KEY, userAtom, userLimitAtom } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import {
  type NetworkActionProps,
  OfflineNothingYet,
  OfflineNotice,
  useNetworkActions,
} from '../../ui/offline-notice.tsx';
import styles from './home.module.css';
import { askAnswers } from './home-answers.ts';
import { YearlyLimit, YearlyLimitCard, YearlyLimitLoading } from './yearly-limit.tsx';

/**
 * /home: a greeting, the way to send money, what verification still asks of the customer (`tasks`, given the
 * customer's data and whether actions are on, when a document is asked for), and the yearly limit. The
 * customer's data is loaded afresh each time home opens (a transfer since
 * changes the limit), unless the page's guard has just loaded it; what the sign-in already told is shown meanwhile.
 * Offline, the last-known answer shows, with its age.
 */
export function HomeScreen({
  tasks,
}: {
  /** `reload` loads the customer's data afresh (after a document is sent) */
  tasks: (data: UserData, actionProps: NetworkActionProps, reload: () => void) => ReactNode;
}) {
  const store = useStore();
  useAskFirst(() => askAnswers(store));
  const user = useAtomValue(userAtom);
  const limit = useAtomValue(userLimitAtom);
  const data = useAnswer(() => takeOpeningAnswer(store), USER_DATA_KEY);
  // the customer's name, never their e-mail or number (a customer before the name step is greeted without one)
  const name = user?.firstName ?? null;
  const { actionProps } = useNetworkActions(data.status === 'ready' && data.offline);

  return (
    <>
      <h1 className={styles.greeting}>{name ? <Trans>Hello, {name}</Trans> : <Trans>Hello</Trans>}</h1>
      {data.status === 'ready' && data.offline ? <OfflineNotice asOf={data.asOf} /> : null}
      <p className={styles.lead}>
        <Trans>Send money to family and friends abroad, and follow every transfer here.</Trans>
      </p>
      {data.status === 'ready' && data.data.user.redirect_to_full ? (
        // the checks could not use a detail as given: its onboarding step opens again to correct it
        <InlineMessage tone="error">
          <p>
            <Trans>We could not check your details as you gave them. Correct them and we will check again.</Trans>
          </p>
          <Link to={stepPath(data.data.user.redirect_to_full)} className={buttonClass('primary')}>
            <Trans>Correct your details</Trans>
          </Link>
        </InlineMessage>
      ) : null}
      {data.status === 'ready' && data.data.document_request ? (
        <>
          <InlineMessage tone="news">
            <Trans>We need a document from you before you can send more.</Trans>
          </InlineMessage>
          {tasks(data.data, actionProps, data.reload)}
        </>
      ) : null}
      <Link to="/send-money/quote" className={`${buttonClass('primary')} ${styles.send}`}>
        <Trans>Send money</Trans>
      </Link>
      <YearlyLimitCard>
        {limit ? (
          <YearlyLimit limit={limit} />
        ) : data.status === 'failed' && isOffline(data.error) ? (
          <OfflineNothingYet />
        ) : data.status === 'failed' ? (
          <LoadFailed onRetry={data.reload}>
            <Trans>We couldn't load your yearly limit.</Trans>
          </LoadFailed>
        ) : (
          <YearlyLimitLoading />
        )}
      </YearlyLimitCard>
    </>
  );
}
