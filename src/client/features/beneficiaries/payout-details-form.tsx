import { Trans, useLingui } from '@lingui/react/macro';
import { payoutDetailFields } from '../../../domain/payout-details.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import { accountRefusalErrors } from './account-check-errors.ts';
import styles from './beneficiary-form.module.css';
import { BeneficiaryForm } from './beneficiary-form.tsx';
import { type Corridor, loadBeneficiarySchema } from './load-beneficiary-schema.ts';
import { RecipientFormState } from './recipient-form-state.tsx';
import { serverFieldErrors } from './server-field-errors.ts';

interface PayoutDetailsFormProps {
  corridor: Corridor;
  /** the payout values as they stand */
  values: Readonly<Record<string, string>>;
  /**
   * send the corrected values (and a changed mobile-money number typed again); an ApiFailure it throws comes back
   * as field errors or the error modal
   */
  save: (values: Record<string, string>, mobileConfirmation: string | undefined) => Promise<void>;
  onCancel: () => void;
}

/**
 * Correct where a paid transfer is paid out: only the payout fields of the
 * corridor's recipient form (payoutDetailFields), filled with the values as
 * they stand and checked by the same rules as a recipient's.
 */
export function PayoutDetailsForm({ corridor, values, save, onCancel }: PayoutDetailsFormProps) {
  const { i18n } = useLingui();
  const key = `${corridor.country}:${corridor.payoutType}:${corridor.currency}`;
  const schema = useLoad(async (signal) => {
    const loaded = await loadBeneficiarySchema(corridor, signal);
    return { ...loaded, schema: { ...loaded.schema, fields: payoutDetailFields(loaded.schema.fields) } };
  }, key);

  const submit = async (changed: Record<string, string>, _notify: boolean, confirmation: string | undefined) => {
    try {
      await save(changed, confirmation);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // a 400 on the form's rules or a card from elsewhere, or the account lookup's refusal of the new account (422)
      const fieldErrors = serverFieldErrors(i18n, error) ?? accountRefusalErrors(i18n, error, corridor.currency);
      if (!fieldErrors) showErrorModal(error);
      return fieldErrors;
    }
  };

  return (
    <section aria-labelledby="payout-details-title" className={styles.section}>
      <h2 id="payout-details-title">
        <Trans>Change payout details</Trans>
      </h2>
      <p>
        <Trans>Correct where the money is paid out. The recipient and the amount stay the same.</Trans>
      </p>
      <RecipientFormState schema={schema}>
        {(loaded) => (
          <BeneficiaryForm
            loaded={loaded}
            initialValues={values}
            saved={values}
            submitLabel={<Trans>Save payout details</Trans>}
            submittingLabel={<Trans>Saving…</Trans>}
            onSubmit={submit}
          />
        )}
      </RecipientFormState>
      <button type="button" className={buttonClass('ghost')} onClick={onCancel}>
        <Trans>Keep the details as they are</Trans>
      </button>
    </section>
  );
}
