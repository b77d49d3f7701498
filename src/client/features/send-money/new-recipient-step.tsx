import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { NewRecipientForm } from '../beneficiaries/new-recipient-form.tsx';
import { chooseRecipient } from './choose-recipient.ts';
import { draftCorridor } from './draft-corridor.ts';
import { useSendMoneyDraft } from './send-money-draft.ts';

/** Step 3, a new recipient: the corridor's schema-driven form; saved, they receive this transfer. */
export function NewRecipientStep() {
  const store = useStore();
  const navigate = useNavigate();
  const draft = useSendMoneyDraft();
  const corridor = draftCorridor(draft);

  const sendTo = async (recipient: Beneficiary) => {
    await chooseRecipient(store, recipient);
    await navigate({ to: '/send-money/recipient-details' });
  };

  return (
    <>
      <h1>
        <Trans>New recipient</Trans>
      </h1>
      <p>
        <Trans>Enter their details exactly as they appear on their ID.</Trans>
      </p>
      <NewRecipientForm
        corridor={corridor}
        city={draft?.destination?.city}
        submitLabel={<Trans>Save and continue</Trans>}
        onSaved={sendTo}
        onChooseFromList={() => void navigate({ to: '/send-money/recipient' })}
      />
    </>
  );
}
