import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { type FormEvent, useState } from 'react';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { creationCalls } from '../../../domain/contract/transfers/creation.ts';
import { PURPOSES_OF_TRANSACTION, PURPOSES_OFFERED, type PurposeOfTransaction } from '../../../domain/purposes.ts';
import { LADDER_STEPS, type LadderStep } from '../../../domain/verification-ladder.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary, type SummaryError } from '../../ui/error-summary.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { type LoadedSchema, loadBeneficiarySchema } from '../beneficiaries/load-beneficiary-schema.ts';
import { PURPOSE_NAMES } from '../beneficiaries/option-names.ts';
import { RecipientDetailsList } from '../beneficiaries/recipient-details-list.tsx';
import { draftCorridor } from './draft-corridor.ts';
import { type SendMoneyDraft, updateSendMoneyDraft, useSendMoneyDraft } from './send-money-draft.ts';
import styles from './send-money-step.module.css';
import { withTransferKey } from './transfer-request.ts';
import { isLadderStep, VERIFICATION_NEEDED } from './verification-needed.ts';

const PURPOSE_FIELD = 'purpose_of_transaction';
const REVIEW_FIELD = 'confirm-review';

interface Loaded {
  recipient: Beneficiary;
  form: LoadedSchema;
}

async function loadReview(draft: SendMoneyDraft, signal: AbortSignal): Promise<Loaded> {
  const corridor = draftCorridor(draft);
  if (!corridor || !draft.beneficiaryId) throw new Error('the draft has no recipient to review');
  const [recipient, form] = await Promise.all([
    call(beneficiariesApi.getBeneficiary, { params: { id: draft.beneficiaryId }, signal }),
    loadBeneficiarySchema(corridor, signal),
  ]);
  return { recipient, form };
}

/** Step 3, review: the chosen recipient, the purpose of this transfer and, for cash pickup, the confirm-review. */
export function RecipientDetailsStep() {
  const draft = useSendMoneyDraft();
  const review = useLoad(
    (signal) => (draft ? loadReview(draft, signal) : new Promise<Loaded>(() => {})),
    draft ? `${draft.beneficiaryId}` : '',
  );
  return (
    <>
      <h1>
        <Trans>Check your recipient</Trans>
      </h1>
      {review.status === 'failed' ? (
        <LoadFailed onRetry={review.reload}>
          <Trans>We could not load your recipient.</Trans>
        </LoadFailed>
      ) : review.status === 'loading' || !draft ? (
        <LoaderOverlay type="text">
          <Trans>Loading your recipient…</Trans>
        </LoaderOverlay>
      ) : (
        <RecipientReview draft={draft} loaded={review.data} />
      )}
    </>
  );
}

function RecipientReview({ draft, loaded }: { draft: SendMoneyDraft; loaded: Loaded }) {
  const { i18n, t } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const { recipient, form } = loaded;
  const reviewRequired = form.response.meta._constraints.review_required;
  const [purpose, setPurpose] = useState<PurposeOfTransaction | ''>(draft.purpose ?? '');
  const [reviewed, setReviewed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<'expired' | 'used' | 'limit' | 'network' | LadderStep>();

  const quote = draft.quote?.quote;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!purpose) found[PURPOSE_FIELD] = t`Choose the purpose of this transfer`;
    if (reviewRequired && !reviewed) found[REVIEW_FIELD] = t`Confirm that you have checked the recipient's name`;
    setErrors(found);
    setProblem(undefined);
    if (!purpose || !quote || Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setCreating(true);
    try {
      const request = { quote_id: quote.quote_id, beneficiary_id: recipient.id, purpose_of_transaction: purpose };
      const ready = await updateSendMoneyDraft(
        (current) => withTransferKey({ ...current, purpose }, request, () => crypto.randomUUID()),
        store,
      );
      if (!ready.transfer) throw new Error('the draft lost its transfer key');
      const transfer = await call(creationCalls.createTransfer, {
        body: request,
        idempotencyKey: ready.transfer.idempotencyKey,
      });
      await updateSendMoneyDraft(
        (current) =>
          current.transfer ? { ...current, transfer: { ...current.transfer, transRef: transfer.trans_ref } } : current,
        store,
      );
      await navigate({
        to: '/send-money/pay/{-$transactionReference}',
        params: { transactionReference: transfer.trans_ref },
      });
    } catch (error) {
      if (error instanceof ApiFailure && error.type === 'QuoteExpired') setProblem('expired');
      else if (error instanceof ApiFailure && error.type === 'QuoteAlreadyUsed') setProblem('used');
      else if (error instanceof ApiFailure && error.type === 'YearlyLimitExceeded') setProblem('limit');
      else if (error instanceof ApiFailure && error.type === 'VerificationRequired')
        setProblem(LADDER_STEPS.find((step) => step === error.propertyPath) ?? 'identity_checks');
      else if (error instanceof ApiFailure && error.status === 0) setProblem('network');
      else showErrorModal(error instanceof ApiFailure ? error : null);
    } finally {
      setCreating(false);
    }
  };

  const summary: SummaryError[] = [PURPOSE_FIELD, REVIEW_FIELD].flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: field, message }] : [];
  });
  const money = useWireMoney();

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={summary} attempt={attempt} />
      <h2>{recipient.display_name}</h2>
      <RecipientDetailsList loaded={form} recipient={recipient} omit={[PURPOSE_FIELD]} className={styles.details} />
      <p>
        <Link to="/send-money/recipient">
          <Trans>Send to someone else</Trans>
        </Link>
      </p>
      {quote ? (
        <p>
          <Trans>
            {recipient.display_name} receives {money(quote.receive_amount, quote.destination_currency)}.
          </Trans>
        </p>
      ) : null}
      <FormField id={PURPOSE_FIELD} label={<Trans>Purpose of transaction</Trans>} error={errors[PURPOSE_FIELD]}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            required
            value={purpose}
            onChange={(event) => {
              const value = PURPOSES_OF_TRANSACTION.find((p) => p === event.target.value);
              setPurpose(value ?? '');
              // kept as chosen, so a reload comes back to it
              void updateSendMoneyDraft(
                ({ purpose: _old, ...rest }) => (value ? { ...rest, purpose: value } : rest),
                store,
              );
            }}
          >
            <option value="">{t`Choose…`}</option>
            {/* a purpose no longer offered stays shown where a saved recipient has it */}
            {(purpose && !PURPOSES_OFFERED.includes(purpose) ? [...PURPOSES_OFFERED, purpose] : PURPOSES_OFFERED).map(
              (code) => (
                <option key={code} value={code}>
                  {i18n._(PURPOSE_NAMES[code])}
                </option>
              ),
            )}
          </select>
        )}
      </FormField>
      {reviewRequired ? (
        <div className={styles.confirmReview}>
          {errors[REVIEW_FIELD] ? (
            <p id={`${REVIEW_FIELD}-error`} className={styles.error}>
              {errors[REVIEW_FIELD]}
            </p>
          ) : null}
          <input
            id={REVIEW_FIELD}
            type="checkbox"
            required
            checked={reviewed}
            aria-invalid={errors[REVIEW_FIELD] ? true : undefined}
            aria-describedby={errors[REVIEW_FIELD] ? `${REVIEW_FIELD}-error` : `${REVIEW_FIELD}-hint`}
            onChange={(event) => setReviewed(event.target.checked)}
          />
          <label htmlFor={REVIEW_FIELD}>
            <Trans>I have checked that the recipient's name matches their ID exactly</Trans>
          </label>
          <p id={`${REVIEW_FIELD}-hint`} className={styles.hint}>
            <Trans>The agent pays out cash only when the name on the ID matches this transfer.</Trans>
          </p>
        </div>
      ) : null}
      {problem === 'expired' || problem === 'used' ? (
        <div role="alert" className={styles.problem}>
          <p>
            {problem === 'expired' ? (
              <Trans>The rate for this transfer has expired.</Trans>
            ) : (
              <Trans>This rate has already been used for a transfer. Get a new rate to send again.</Trans>
            )}
          </p>
          <Link to="/send-money/quote" className={buttonClass('secondary')}>
            <Trans>Get a new rate</Trans>
          </Link>
        </div>
      ) : problem === 'limit' ? (
        <div role="alert" className={styles.problem}>
          <p>
            <Trans>This transfer would take you past your yearly sending limit.</Trans>
          </p>
          <Link to="/send-money/quote" className={buttonClass('secondary')}>
            <Trans>Change the amount</Trans>
          </Link>
        </div>
      ) : problem && isLadderStep(problem) ? (
        <div role="alert" className={styles.problem}>
          <p>{i18n._(VERIFICATION_NEEDED[problem])}</p>
          <Link to="/profile" hash="documents" className={buttonClass('secondary')}>
            <Trans>Go to your profile</Trans>
          </Link>
        </div>
      ) : problem === 'network' ? (
        <p role="alert" className={styles.problem}>
          <Trans>We could not reach Sarraf. Check your connection and try again.</Trans>
        </p>
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={creating}>
        {creating ? <Trans>Creating your transfer…</Trans> : <Trans>Continue to payment</Trans>}
      </button>
    </form>
  );
}
