import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useState } from 'react';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { regionNames } from '../../lib/region-names.ts';
import { loadUserData, userAtom } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { updateSendMoneyDraft } from './send-money-draft.ts';
import styles from './send-money-step.module.css';

/** Step 2, You: the sender confirms the details the transfer is sent under. */
export function SelfInfoStep() {
  const { i18n } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const userData = useLoad(async () => ({ user: store.get(userAtom) ?? (await loadUserData(store)).user }), 'user');
  const [continuing, setContinuing] = useState(false);

  const confirm = async () => {
    setContinuing(true);
    try {
      const draft = await updateSendMoneyDraft((current) => ({ ...current, senderConfirmed: true }), store);
      // a recipient chosen already (Send again, a recipient's Send) is reviewed at once; the review can change them
      await navigate({ to: draft.beneficiaryId ? '/send-money/recipient-details' : '/send-money/recipient' });
    } finally {
      setContinuing(false);
    }
  };

  const countryName = (code: string) => regionNames(i18n.locale).of(code);

  return (
    <>
      <h1>
        <Trans>Your details</Trans>
      </h1>
      {userData.status === 'failed' ? (
        <LoadFailed onRetry={userData.reload}>
          <Trans>We could not load your details.</Trans>
        </LoadFailed>
      ) : userData.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading your details…</Trans>
        </LoaderOverlay>
      ) : (
        <>
          <p>
            <Trans>We send your transfer under these details. They must match your ID.</Trans>
          </p>
          <dl className={styles.details}>
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>{userData.data.user.name ?? '—'}</dd>
            {userData.data.user.email ? (
              <>
                <dt>
                  <Trans>E-mail</Trans>
                </dt>
                <dd>{userData.data.user.email}</dd>
              </>
            ) : null}
            {userData.data.user.mobile ? (
              <>
                <dt>
                  <Trans>Mobile number</Trans>
                </dt>
                <dd>{userData.data.user.mobile}</dd>
              </>
            ) : null}
            <dt>
              <Trans>Country of residence</Trans>
            </dt>
            <dd>{countryName(userData.data.user.country)}</dd>
            {userData.data.user.address ? (
              <>
                <dt>
                  <Trans>Address</Trans>
                </dt>
                <dd>
                  {[
                    userData.data.user.address.street,
                    userData.data.user.address.city,
                    userData.data.user.address.postcode,
                  ].join(', ')}
                </dd>
              </>
            ) : null}
          </dl>
          <p className={styles.aside}>
            <Trans>
              Something wrong? <Link to="/profile">Update your profile</Link> first.
            </Trans>
          </p>
          <button type="button" className={buttonClass('primary')} disabled={continuing} onClick={() => void confirm()}>
            {continuing ? <Trans>Saving…</Trans> : <Trans>Continue</Trans>}
          </button>
        </>
      )}
    </>
  );
}
