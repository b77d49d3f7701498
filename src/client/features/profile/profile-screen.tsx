import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useStore } from 'jotai';
import type { ReactNode } from 'react';
import type { UserData } from '../../../domain/contract/user.ts';
import { useAskFirst } from '../../lib/api/primed-answers.ts';
import { isOffline, useAnswer } from '../../lib/api/use-endpoint.ts';
import { BRAND_NAME } from '../../lib/brand.ts';
import { loadUserDataAnswer, USER_DATA_KEY } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import {
  type NetworkActionProps,
  OfflineNothingYet,
  OfflineNotice,
  useNetworkActions,
} from '../../ui/offline-notice.tsx';
import { askAnswers } from './profile-answers.ts';
import { ProfileDetails } from './profile-details.tsx';

/**
 * /profile ("Your Sarraf Profile"): the personal details, then what the
 * route adds below them (e-mail and mobile, the verification tasks, passkeys), both from the customer's
 * data loaded afresh each time the profile opens.
 */
export function ProfileScreen({
  below,
}: {
  /** `actionProps` disable what needs the network while the profile shown is last-known; `reload` loads it afresh */
  below: (data: UserData, actionProps: NetworkActionProps, reload: () => void) => ReactNode;
}) {
  const store = useStore();
  useAskFirst(() => askAnswers(store));
  const data = useAnswer(() => loadUserDataAnswer(store), USER_DATA_KEY);
  const { reason, actionProps } = useNetworkActions(data.status === 'ready' && data.offline);
  const product = BRAND_NAME;
  return (
    <>
      <h1>
        <Trans>Your {product} Profile</Trans>
      </h1>
      {data.status === 'ready' && !data.data.user.isRemittanceEnabled ? (
        // SPEC §2: the profile opens once sending is open to the customer
        <InlineMessage tone="news">
          <p>
            <Trans>
              We open your profile, and sending money, once we have checked your details. If we need anything from you,
              your home page says what.
            </Trans>
          </p>
          <Link to="/home" className={buttonClass('primary')}>
            <Trans>Back to home</Trans>
          </Link>
        </InlineMessage>
      ) : data.status === 'ready' ? (
        <>
          {data.offline ? <OfflineNotice asOf={data.asOf} /> : null}
          {reason}
          <ProfileDetails user={data.data.user} />
          {below(data.data, actionProps, data.reload)}
        </>
      ) : data.status === 'failed' && isOffline(data.error) ? (
        <OfflineNothingYet />
      ) : data.status === 'failed' ? (
        <LoadFailed onRetry={data.reload}>
          <Trans>We couldn't load your profile.</Trans>
        </LoadFailed>
      ) : (
        <LoaderOverlay type="text">
          <Trans>Loading your profile…</Trans>
        </LoaderOverlay>
      )}
    </>
  );
}
