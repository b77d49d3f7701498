import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useRef, useState } from 'react';
import { type HolderName, nextAfterCheck } from '../../../domain/account-check.ts';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import {
  AccountCheckDialog,
  confirmedAfterCheck,
  typedHolderName,
  withHolderName,
} from '../beneficiaries/account-check-dialog.tsx';
import { accountCheckErrors, accountRefusalErrors } from '../beneficiaries/account-check-errors.ts';
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

/** A recipient the account lookup left to the customer: a close name, or no answer. */
interface Undecided {
  loaded: LoadedSchema;
  values: Record<string, string>;
  registered: HolderName | undefined;
}

/** The body of check-account and create: the corridor of the form and the values. */
const recipientBody = ({ schema }: LoadedSchema, values: Record<string, string>) => ({
  destination_country: schema.destination_country,
  payout_type: schema.payout_type,
  destination_currency: schema.destination_currency,
  values,
});

interface Duplicate {
  values: Record<string, string>;
  /** the customer chose these values after the lookup's answer (a close name, or none) */
  confirmed: boolean;
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
  const [undecided, setUndecided] = useState<Undecided>();
  const [deciding, setDeciding] = useState(false);
  // what the form's SMS box said when it was sent: kept while the customer decides on the account lookup
  const notifyBySms = useRef(false);

  const sendTo = async (recipient: Beneficiary) => {
    await chooseRecipient(store, recipient);
    await navigate({ to: '/send-money/recipient-details' });
  };

  /** Look the account up first: saved at once when it matches, else the customer decides or corrects. */
  const save = async (loaded: LoadedSchema, values: Record<string, string>): Promise<FieldErrors | undefined> => {
    const { schema: form } = loaded;
    try {
      const check = await call(beneficiariesApi.checkAccount, { body: recipientBody(loaded, values) });
      const next = nextAfterCheck(check.result);
      if (next === 'correct') return accountCheckErrors(i18n, check, form.destination_currency);
      if (next === 'continue') return create(loaded, values);
      setUndecided({ loaded, values, registered: check.registered_name ?? undefined });
      return undefined;
    } catch (error) {
      return refused(error);
    }
  };

  /** The customer decided after the lookup: save with the name they chose. */
  const decide = async (name: HolderName) => {
    if (!undecided) return;
    setDeciding(true);
    const errors = await create(undecided.loaded, withHolderName(undecided.values, name), true);
    setDeciding(false);
    setUndecided(undefined);
    if (errors && Object.keys(errors).length > 0) showErrorModal(null);
  };

  const refused = (error: unknown): FieldErrors | undefined => {
    if (!(error instanceof ApiFailure)) throw error;
    const fieldErrors = error.status === 400 ? serverFieldErrors(i18n, error) : undefined;
    if (!fieldErrors) showErrorModal(error);
    return fieldErrors;
  };

  const create = async (
    loaded: LoadedSchema,
    values: Record<string, string>,
    confirmed = false,
  ): Promise<FieldErrors | undefined> => {
    const { schema: form } = loaded;
    try {
      const saved = await call(beneficiariesApi.createBeneficiary, {
        body: {
          ...recipientBody(loaded, values),
          notify_by_sms: notifyBySms.current,
          ...confirmedAfterCheck(confirmed),
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
        setDuplicate({ values, confirmed, existing: existingRecipient(form, values, saved) });
        return undefined;
      }
      return accountRefusalErrors(i18n, error, form.destination_currency) ?? refused(error);
    }
  };

  const update = async (existing: Beneficiary) => {
    if (!duplicate) return;
    setUpdating(true);
    try {
      await sendTo(
        await call(beneficiariesApi.updateBeneficiary, {
          params: { id: existing.id },
          body: { values: duplicate.values, ...confirmedAfterCheck(duplicate.confirmed) },
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
            smsOptIn={false}
            onSubmit={(values, notify) => {
              notifyBySms.current = notify;
              return save(form.loaded, values);
            }}
            onValuesChange={(values) => saveRecipientFormDraft(formKey, values)}
          />
        )}
      </RecipientFormState>
      {undecided ? (
        <AccountCheckDialog
          registered={undecided.registered}
          typed={typedHolderName(undecided.values)}
          busy={deciding}
          onContinue={(name) => void decide(name)}
          onClose={() => setUndecided(undefined)}
        />
      ) : null}
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
