import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useState } from 'react';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { BeneficiaryForm, type FieldErrors } from '../beneficiaries/beneficiary-form.tsx';
import { existingRecipient } from '../beneficiaries/existing-recipient.ts';
import { type LoadedSchema, loadBeneficiarySchema } from '../beneficiaries/load-beneficiary-schema.ts';
import { RecipientExistsDialog } from '../beneficiaries/recipient-exists-dialog.tsx';
import {
  clearRecipientFormDraft,
  readRecipientFormDraft,
  saveRecipientFormDraft,
} from '../beneficiaries/recipient-form-draft.ts';
import { RecipientFormState } from '../beneficiaries/recipient-form-state.tsx';
import { serverFieldErrors } from '../beneficiaries/server-field-errors.ts';
import { chooseRecipient } from './choose-recipient.ts';
import { corridorKey, draftCorridor } from './draft-corridor.ts';
import { useSendMoneyDraft } from './send-money-draft.ts';

interface Duplicate {
  values: Record<string, string>;
  existing: Beneficiary | undefined;
}

/** Step 3, a new recipient: the corridor's schema-driven form; saved, they receive this transfer. */
export function NewRecipientStep() {
  const { i18n } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const corridor = draftCorridor(useSendMoneyDraft());
  const formKey = corridorKey(corridor);
  // the form comes back as far as it was typed (a reload, a crash, going offline)
  const schema = useLoad(async (signal) => {
    if (!corridor) return new Promise<never>(() => {});
    const [loaded, typed] = await Promise.all([
      loadBeneficiarySchema(corridor, signal),
      readRecipientFormDraft(formKey),
    ]);
    return { loaded, typed };
  }, formKey);
  const [duplicate, setDuplicate] = useState<Duplicate>();
  const [updating, setUpdating] = useState(false);

  const sendTo = async (recipient: Beneficiary) => {
    await chooseRecipient(store, recipient);
    await navigate({ to: '/send-money/recipient-details' });
  };

  const save = async (loaded: LoadedSchema, values: Record<string, string>): Promise<FieldErrors | undefined> => {
    const { schema: form } = loaded;
    try {
      const saved = await call(beneficiariesApi.createBeneficiary, {
        body: {
          destination_country: form.destination_country,
          payout_type: form.payout_type,
          destination_currency: form.destination_currency,
          values,
        },
      });
      await clearRecipientFormDraft(formKey);
      await sendTo(saved);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.type === 'BeneficiaryAlreadyExists') {
        const saved = await call(beneficiariesApi.listBeneficiaries, {
          query: {
            country: form.destination_country,
            payout_type: form.payout_type,
            currency: form.destination_currency,
          },
        }).then(
          (list) => list.data,
          () => [],
        );
        setDuplicate({ values, existing: existingRecipient(form, values, saved) });
        return undefined;
      }
      const fieldErrors = error.status === 400 ? serverFieldErrors(i18n, error) : undefined;
      if (!fieldErrors) showErrorModal(error);
      return fieldErrors;
    }
  };

  const update = async (existing: Beneficiary) => {
    if (!duplicate) return;
    setUpdating(true);
    try {
      await sendTo(
        await call(beneficiariesApi.updateBeneficiary, {
          params: { id: existing.id },
          body: { values: duplicate.values },
        }),
      );
    } catch (error) {
      setDuplicate(undefined);
      showErrorModal(error instanceof ApiFailure ? error : null);
    } finally {
      setUpdating(false);
    }
  };

  return (
    <>
      <h1>
        <Trans>New recipient</Trans>
      </h1>
      <p>
        <Trans>Enter their details exactly as they appear on their ID.</Trans>
      </p>
      <RecipientFormState schema={schema}>
        {(form) => (
          <BeneficiaryForm
            loaded={form.loaded}
            initialValues={form.typed}
            submitLabel={<Trans>Save and continue</Trans>}
            submittingLabel={<Trans>Saving…</Trans>}
            onSubmit={(values) => save(form.loaded, values)}
            onValuesChange={(values) => saveRecipientFormDraft(formKey, values)}
          />
        )}
      </RecipientFormState>
      {duplicate ? (
        <RecipientExistsDialog
          existing={duplicate.existing}
          busy={updating}
          onUpdate={(existing) => void update(existing)}
          onUseSaved={(existing) => void sendTo(existing)}
          onChooseFromList={() => void navigate({ to: '/send-money/recipient' })}
          onClose={() => setDuplicate(undefined)}
        />
      ) : null}
    </>
  );
}
