import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import { nextAfterCheck } from '../../../domain/account-check.ts';
import { type Beneficiary, beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { confirmedAfterCheck, type LeftToCustomer, useHolderNameChoice } from './account-check-dialog.tsx';
import { accountCheckErrors, accountRefusalErrors } from './account-check-errors.ts';
import { BeneficiaryForm, type FieldErrors } from './beneficiary-form.tsx';
import { existingRecipient } from './existing-recipient.ts';
import { type Corridor, corridorKey, type LoadedSchema, loadBeneficiarySchema } from './load-beneficiary-schema.ts';
import { mobileConfirmationBody } from './mobile-confirmation-body.ts';
import { RecipientExistsDialog } from './recipient-exists-dialog.tsx';
import { clearRecipientFormDraft, readRecipientFormDraft, saveRecipientFormDraft } from './recipient-form-draft.ts';
import { RecipientFormState } from './recipient-form-state.tsx';
import { serverFieldErrors } from './server-field-errors.ts';

/** A recipient the account lookup left to the customer (a close name, or no answer), with the form it was typed in. */
interface Undecided extends LeftToCustomer {
  loaded: LoadedSchema;
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

interface NewRecipientFormProps {
  /** the corridor the recipient is paid in; the form waits while there is none yet */
  corridor: Corridor | undefined;
  /** the Somaliland city chosen with the destination (SPEC §3): the form's `city` starts with it */
  city?: string | undefined;
  submitLabel: ReactNode;
  /** the recipient is saved (new, updated, or the one already saved the customer chose) */
  onSaved: (recipient: Beneficiary) => Promise<void> | void;
  /** the details match a saved recipient we cannot name: the customer picks them from their list */
  onChooseFromList: () => void;
}

/**
 * A new recipient: the corridor's schema-driven form, kept as typed (a reload, a crash, going offline). Saving
 * looks the account up first (a close name or no answer is the customer's call), then saves; a recipient already
 * saved is offered for an update. Used by the send flow's step 3 and by /recipients' "Add recipient".
 */
export function NewRecipientForm({ corridor, city, submitLabel, onSaved, onChooseFromList }: NewRecipientFormProps) {
  const { i18n } = useLingui();
  const formKey = corridorKey(corridor);
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
  // what the form's SMS box said when it was sent: kept while the customer decides on the account lookup
  const notifyBySms = useRef(false);
  // and the mobile number typed again, if the form asked for it
  const mobileConfirmation = useRef<string | undefined>(undefined);

  /** Look the account up first: saved at once when it matches, else the customer decides or corrects. */
  const save = async (loaded: LoadedSchema, values: Record<string, string>): Promise<FieldErrors | undefined> => {
    const { schema: form } = loaded;
    try {
      const check = await call(beneficiariesApi.checkAccount, { body: recipientBody(loaded, values) });
      const next = nextAfterCheck(check.result);
      if (next === 'correct') return accountCheckErrors(i18n, check, form.destination_currency);
      if (next === 'continue') return create(loaded, values);
      choice.ask({ loaded, values, registered: check.registered_name ?? undefined });
      return undefined;
    } catch (error) {
      return refused(error);
    }
  };

  /** The customer decided after the lookup: save with the name they chose. */
  const choice = useHolderNameChoice<Undecided>((left, values) => create(left.loaded, values, true));

  const refused = (error: unknown): FieldErrors | undefined => {
    if (!(error instanceof ApiFailure)) throw error;
    const fieldErrors = serverFieldErrors(i18n, error);
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
          ...mobileConfirmationBody(mobileConfirmation.current),
          ...confirmedAfterCheck(confirmed),
        },
      });
      await clearRecipientFormDraft(formKey);
      await onSaved(saved);
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
      const updated = await call(beneficiariesApi.updateBeneficiary, {
        params: { id: existing.id },
        body: {
          values: duplicate.values,
          ...mobileConfirmationBody(mobileConfirmation.current),
          ...confirmedAfterCheck(duplicate.confirmed),
        },
      });
      await clearRecipientFormDraft(formKey);
      await onSaved(updated);
    } catch (error) {
      setDuplicate(undefined);
      showErrorModal(error instanceof ApiFailure ? error : null);
    } finally {
      setUpdating(false);
    }
  };

  return (
    <>
      <RecipientFormState schema={schema}>
        {(form) => (
          <BeneficiaryForm
            loaded={form.loaded}
            initialValues={city ? { ...form.typed, city } : form.typed}
            submitLabel={submitLabel}
            submittingLabel={<Trans>Saving…</Trans>}
            smsOptIn={false}
            onSubmit={(values, notify, confirmation) => {
              notifyBySms.current = notify;
              mobileConfirmation.current = confirmation;
              return save(form.loaded, values);
            }}
            onValuesChange={(values) => saveRecipientFormDraft(formKey, values)}
          />
        )}
      </RecipientFormState>
      {choice.dialog}
      {duplicate ? (
        <RecipientExistsDialog
          existing={duplicate.existing}
          busy={updating}
          onUpdate={(existing) => void update(existing)}
          onUseSaved={(existing) => void onSaved(existing)}
          onChooseFromList={onChooseFromList}
          onClose={() => setDuplicate(undefined)}
        />
      ) : null}
    </>
  );
}
