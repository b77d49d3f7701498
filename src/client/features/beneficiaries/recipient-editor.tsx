import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { type Beneficiary, beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import { confirmedAfterCheck, useHolderNameChoice } from './account-check-dialog.tsx';
import { accountRefusalErrors } from './account-check-errors.ts';
import { BeneficiaryForm } from './beneficiary-form.tsx';
import { loadBeneficiarySchema } from './load-beneficiary-schema.ts';
import { mobileConfirmationBody } from './mobile-confirmation-body.ts';
import { clearRecipientFormDraft, readRecipientFormDraft, saveRecipientFormDraft } from './recipient-form-draft.ts';
import { RecipientFormState } from './recipient-form-state.tsx';
import { serverFieldErrors } from './server-field-errors.ts';

/** The recipient's form for their corridor, filled with what is saved; saving updates them. */
export function RecipientEditor({ recipient, onDone }: { recipient: Beneficiary; onDone: () => void }) {
  const { i18n } = useLingui();
  const corridor = {
    country: recipient.country_iso2,
    payoutType: recipient.payout_type,
    currency: recipient.currency_iso3,
  };
  // changes typed but not saved come back when the customer edits this recipient again (a reload, going offline)
  const formKey = `edit:${recipient.id}`;
  const schema = useLoad(async (signal) => {
    const [loaded, typed] = await Promise.all([
      loadBeneficiarySchema(corridor, signal),
      readRecipientFormDraft(formKey),
    ]);
    return { loaded, typed };
  }, recipient.id);

  // what the form's SMS box said when it was sent: kept while the customer decides on the account lookup
  const notifyBySms = useRef(recipient.notify_by_sms);
  // and the mobile number typed again, if the form asked for it (it changed)
  const mobileConfirmation = useRef<string | undefined>(undefined);
  const update = async (values: Record<string, string>, confirmed: boolean) => {
    try {
      await call(beneficiariesApi.updateBeneficiary, {
        params: { id: recipient.id },
        body: {
          values,
          notify_by_sms: notifyBySms.current,
          ...mobileConfirmationBody(mobileConfirmation.current),
          ...confirmedAfterCheck(confirmed),
        },
      });
      await clearRecipientFormDraft(formKey);
      onDone();
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.type === 'AccountCheckNotConfirmed' && !confirmed) {
        const body = {
          destination_country: corridor.country,
          payout_type: corridor.payoutType,
          destination_currency: corridor.currency,
          values,
        };
        const check = await call(beneficiariesApi.checkAccount, { body });
        choice.ask({ values, registered: check.registered_name ?? undefined });
        return undefined;
      }
      const fieldErrors = accountRefusalErrors(i18n, error, recipient.currency_iso3) ?? serverFieldErrors(i18n, error);
      if (!fieldErrors) showErrorModal(error);
      return fieldErrors;
    }
  };

  // a close name or no answer from the account lookup: the customer decides, as when adding a recipient
  const choice = useHolderNameChoice((_left, values) => update(values, true));

  const name = recipient.display_name;
  return (
    <>
      <h1>
        <Trans>Edit {name}</Trans>
      </h1>
      <RecipientFormState schema={schema}>
        {(form) => (
          <BeneficiaryForm
            loaded={form.loaded}
            initialValues={{ ...recipient.values, ...form.typed }}
            saved={recipient.values}
            initialCard={recipient.card}
            submitLabel={<Trans>Save changes</Trans>}
            submittingLabel={<Trans>Saving…</Trans>}
            smsOptIn={recipient.notify_by_sms}
            onSubmit={(values, notify, confirmation) => {
              notifyBySms.current = notify;
              mobileConfirmation.current = confirmation;
              return update(values, false);
            }}
            onValuesChange={(values) => saveRecipientFormDraft(formKey, values)}
          />
        )}
      </RecipientFormState>
      {choice.dialog}
      <button
        type="button"
        className={buttonClass('ghost')}
        onClick={() => {
          // leaving without saving is the customer's choice: nothing typed is kept
          void clearRecipientFormDraft(formKey);
          onDone();
        }}
      >
        <Trans>Back to recipients</Trans>
      </button>
    </>
  );
}
