import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { call } from '../../lib/api/client.ts';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { PAYOUT_TYPE_NAMES } from '../../lib/payout-type-names.ts';
import { regionNames } from '../../lib/region-names.ts';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { corridorKey } from '../beneficiaries/load-beneficiary-schema.ts';
import { chooseRecipient } from './choose-recipient.ts';
import { draftCorridor } from './draft-corridor.ts';
import styles from './recipient-step.module.css';
import { useSendMoneyDraft } from './send-money-draft.ts';

/** Step 3, Them: a recipient saved for this corridor, or a new one. */
export function RecipientStep() {
  const { i18n, t } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const corridor = draftCorridor(useSendMoneyDraft());
  const recipients = useLoad(async (signal) => {
    if (!corridor) return new Promise<Beneficiary[]>(() => {});
    const query = { country: corridor.country, payout_type: corridor.payoutType, currency: corridor.currency };
    return (await call(beneficiariesApi.listBeneficiaries, { query, signal })).data;
  }, corridorKey(corridor));

  const choose = async (recipient: Beneficiary) => {
    await chooseRecipient(store, recipient);
    await navigate({ to: '/send-money/recipient-details' });
  };

  const country = corridor ? regionNames(i18n.locale).of(corridor.country) : '';
  const how = corridor ? i18n._(PAYOUT_TYPE_NAMES[corridor.payoutType]) : '';

  return (
    <>
      <h1>
        <Trans>Who are you sending to?</Trans>
      </h1>
      <p>
        {country} · {how}
      </p>
      {recipients.status === 'failed' ? (
        <LoadFailed onRetry={recipients.reload}>
          <Trans>We could not load your recipients.</Trans>
        </LoadFailed>
      ) : recipients.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading your recipients…</Trans>
        </LoaderOverlay>
      ) : recipients.data.length === 0 ? (
        <p className={styles.empty}>
          <Trans>You don't have recipients</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Your recipients`}>
          {recipients.data.map((recipient) => (
            <li key={recipient.id}>
              <button type="button" className={styles.recipient} onClick={() => void choose(recipient)}>
                <span className={styles.name}>{recipient.display_name}</span>
                <span className={styles.detail}>{recipient.payout_label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to="/send-money/new-recipient-details" className={buttonClass('secondary')}>
        <Trans>Add a new recipient</Trans>
      </Link>
    </>
  );
}
