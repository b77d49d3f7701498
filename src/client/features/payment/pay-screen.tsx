import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import type { PayRequest, Transfer } from '../../../domain/contract/transfers.ts';
import { CARD_NOT_IN_SENDER_NAME, type PaymentCode } from '../../../domain/payments.ts';
import { scamWarningFor } from '../../../domain/scam-warning.ts';
import type { BillingAddress } from '../../../domain/us-card-payment.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useAskFirst } from '../../lib/api/primed-answers.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import type { CardChoices, CardOutcome, CardProblems, NewCard } from '../../lib/card-payment/card-form.tsx';
import { type PayinCard, readyNewCard } from '../../lib/card-payment/new-card.ts';
import { CARD_RETURN_ROUTE, PAYIN_ROUTE_NAMES } from '../../lib/card-payment/payin-purpose.ts';
import { PAYMENT_MESSAGES } from '../../lib/card-payment/payment-messages.ts';
import { useCountdown } from '../../lib/countdown.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import type { Text } from '../../lib/forms/rule-text.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay, RevealTogether } from '../../ui/loader-overlay.tsx';
import { NeedsNetwork, OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import { BankLinkPayment } from './bank-link-payment.tsx';
import { BankTransferPayment } from './bank-transfer-payment.tsx';
import { BillingAddressFieldset } from './billing-address-fieldset.tsx';
import { CardChoice } from './card-choice.tsx';
import { askAnswers } from './pay-answers.ts';
import styles from './payment.module.css';
import { PaymentResult } from './payment-result.tsx';
import { PrePaymentDisclosure } from './pre-payment-disclosure.tsx';
import { RateRenewal } from './rate-renewal.tsx';
import { ScamWarning } from './scam-warning.tsx';
import { SenderCardCountryDialog } from './sender-card-country-dialog.tsx';
import { SsnDialog } from './ssn-dialog.tsx';
import { TransferSummary } from './transfer-summary.tsx';
import {
  type BillingErrors,
  billingErrorsOf,
  billingFromHome,
  checkBilling,
  trimmedBilling,
  usCardText,
} from './us-card-texts.ts';
import { WalletPayment } from './wallet-payment.tsx';

type Problem = 'expired' | 'unavailable' | 'network' | 'card-country' | 'card-name' | 'no-ssn';

interface PayScreenProps {
  transRef: string;
  /** the transfer is paid: what was in progress can go */
  onApproved: () => void;
}

/** Step 4, Pay: the transfer's summary, the wallet, bank transfer and the card form; then the result, a decline, or the bank's 3-D Secure page. */
export function PayScreen({ transRef, onApproved }: PayScreenProps) {
  useAskFirst(() => askAnswers(transRef));
  const transfer = useEndpoint(trackingCalls.getTransfer, { params: { trans_ref: transRef } });
  const [paid, setPaid] = useState<Transfer>();

  if (paid) return <PaymentResult transfer={paid} />;
  if (transfer.status === 'failed') {
    return (
      <>
        <h1>
          <Trans>Confirm and pay</Trans>
        </h1>
        {isOffline(transfer.error) ? (
          <OfflineNothingYet />
        ) : (
          <LoadFailed onRetry={transfer.reload}>
            <Trans>We could not load your transfer.</Trans>
          </LoadFailed>
        )}
      </>
    );
  }
  if (transfer.status === 'loading') {
    return (
      <>
        <h1>
          <Trans>Confirm and pay</Trans>
        </h1>
        <LoadingTransfer />
      </>
    );
  }
  const { data } = transfer;
  if (data.status === 'PENDING' || data.status === 'SENT' || data.status === 'PAID')
    return <PaymentResult transfer={data} />;
  if (data.status === 'CLOSED') {
    return (
      <>
        <h1>
          <Trans>This transfer has ended</Trans>
        </h1>
        <p>
          <Trans>It was not paid in time, so it can no longer be paid. Start a new transfer to get a fresh rate.</Trans>
        </p>
        <Link to="/send-money/quote" className={buttonClass('primary')}>
          <Trans>Start a new transfer</Trans>
        </Link>
      </>
    );
  }
  return (
    <CardPayment
      transfer={data}
      lastKnownAt={transfer.offline ? transfer.asOf : undefined}
      onPaid={(done) => {
        onApproved();
        setPaid(done);
      }}
      onStale={transfer.reload}
    />
  );
}

function LoadingTransfer() {
  return (
    <LoaderOverlay type="text">
      <Trans>Loading your transfer…</Trans>
    </LoaderOverlay>
  );
}

/**
 * A card payment in progress: the card (its single-use token, or a saved card) and the last request sent for it
 * with its Idempotency-Key, kept for a retry of the same request; another request (a changed billing address, the
 * SSN digits added) gets a key of its own.
 */
interface Attempt {
  card: PayinCard;
  sent?: { body: string; key: string };
}

/** The SSN modal, open for the payment it will send again, with why the last digits were refused. */
interface SsnAsk {
  attempt: Attempt;
  problem?: Text;
}

interface CardPaymentProps {
  transfer: Transfer;
  /** when the transfer shown is the device's last-known copy (offline): when it was last seen */
  lastKnownAt: number | undefined;
  onPaid: (transfer: Transfer) => void;
  onStale: () => void;
}

function CardPayment({ transfer, lastKnownAt, onPaid, onStale }: CardPaymentProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState<PaymentCode>();
  const [problem, setProblem] = useState<Problem>();
  /**
   * The card attempt in progress: the card (its single-use token, or the card saved from it) and the request last
   * sent for it with its Idempotency-Key, reused when the same call is retried.
   */
  const attempt = useRef<Attempt>(undefined);
  const cardChosen = useRef(false);
  const transRef = transfer.trans_ref;
  const left = useCountdown(Date.parse(transfer.quote_expiration_time));
  const expired = left === 0 || problem === 'expired';
  // until the customer's transfers say this recipient was paid before, a first payment is assumed
  const earlier = useEndpoint(trackingCalls.listTransfers, {});
  const scam = scamWarningFor(transfer, earlier.status === 'ready' ? earlier.data.data : []);
  const [scamAcknowledged, setScamAcknowledged] = useState(false);
  // the card's billing address, started from the home address (from the United States with its state, always asked)
  const fromUs = transfer.send_country === 'US';
  const home = useAtomValue(userAtom)?.address ?? null;
  const withBilling = fromUs || home !== null;
  const [billingEdits, setBillingEdits] = useState<BillingAddress>();
  const billing = billingEdits ?? billingFromHome(home, fromUs);
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const [billingRefusals, setBillingRefusals] = useState(0);
  const [ssnAsk, setSsnAsk] = useState<SsnAsk>();
  /** the SSN digits the customer confirmed on this screen, sent with the payments that follow */
  const ssnDigits = useRef<string>(undefined);

  const refuseBilling = (errors: BillingErrors) => {
    setBillingErrors(errors);
    setBillingRefusals((count) => count + 1);
  };

  const payNew = async (card: NewCard, { save }: CardChoices): Promise<CardOutcome> => {
    setDeclined(undefined);
    setProblem(undefined);
    const ready = await readyNewCard(card, save, attempt.current?.card);
    if ('refused' in ready) return { refused: ready.refused } satisfies { refused: CardProblems };
    if (ready.card) attempt.current = { ...attempt.current, card: ready.card };
    if (ready.failed === 'network') setProblem('network');
    if (ready.failed || !attempt.current) return undefined;
    return charge(attempt.current);
  };

  const paySaved = (cardId: string): Promise<CardOutcome> => {
    const kept = attempt.current;
    const current =
      kept && 'saved_card_id' in kept.card && kept.card.saved_card_id === cardId
        ? kept
        : { card: { saved_card_id: cardId } };
    attempt.current = current;
    return charge(current);
  };

  /**
   * Pay with the attempt's card (its Idempotency-Key kept for a retry of the same request): approved, 3-D Secure,
   * or declined, with the card's billing address; a sender from the United States sends the SSN digits once asked.
   */
  const charge = async (current: Attempt, ssnLast4?: string): Promise<CardOutcome> => {
    setDeclined(undefined);
    setProblem(undefined);
    if (withBilling) {
      const found = checkBilling(billing, fromUs);
      if (Object.keys(found).length > 0) {
        refuseBilling(found);
        return undefined;
      }
    }
    const digits = ssnLast4 ?? ssnDigits.current;
    const body: PayRequest = {
      trans_ref: transRef,
      ...current.card,
      ...(withBilling ? { billing_address: trimmedBilling(billing) } : {}),
      ...(fromUs && digits !== undefined ? { ssn_last4: digits } : {}),
    };
    const signature = JSON.stringify(body);
    if (current.sent?.body !== signature) current.sent = { body: signature, key: crypto.randomUUID() };
    const { key } = current.sent;
    try {
      if (!cardChosen.current) {
        await call(paymentCalls.setPaymentType, { body: { trans_ref: transRef, payment_type: 'card' } });
        cardChosen.current = true;
      }
      const result = await call(paymentCalls.payTransfer, { body, idempotencyKey: key });
      setSsnAsk(undefined);
      setBillingErrors({});
      if (ssnLast4 !== undefined) ssnDigits.current = ssnLast4;
      if (result.status === 'APPROVED') {
        attempt.current = undefined;
        onPaid(result.transfer);
        return undefined;
      }
      if (result.status === 'WAITING') {
        // the card's bank asks the customer to confirm (3-D Secure): its page returns to the card-enrollment route
        if (result.challenge_url) window.location.assign(result.challenge_url);
        else {
          await navigate({
            to: CARD_RETURN_ROUTE,
            params: { status: 'pending' },
            search: {
              status: 'pending',
              provider: 'sandbox',
              routeName: PAYIN_ROUTE_NAMES.transfer,
              transactionReference: transRef,
            },
          });
        }
        return undefined;
      }
      attempt.current = undefined;
      setDeclined(result.code ?? 'unknown_error');
      return { declined: true };
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // SPEC §2's SSN modal: asked for the digits, or they were refused (wrong, too many tries)
      if (error.type === 'SSNNotDefined' && error.propertyPath === 'ssn_last4') {
        setSsnAsk({ attempt: current });
        return undefined;
      }
      if (ssnLast4 !== undefined && error.propertyPath === 'ssn_last4' && error.status < 500) {
        setSsnAsk({ attempt: current, problem: usCardText(error.message) });
        return undefined;
      }
      setSsnAsk(undefined);
      if (error.type === 'SSNNotDefined') {
        // we hold no SSN for them: only support can help
        setProblem('no-ssn');
        return undefined;
      }
      const onBilling = withBilling && error.status < 500 ? billingErrorsOf(error) : null;
      if (onBilling) {
        refuseBilling(onBilling);
        return undefined;
      }
      if (error.type === 'IssuerCardCountryNotEqualSendCountry') {
        attempt.current = undefined;
        setProblem('card-country');
        return { declined: true };
      }
      if (error.type === 'InvalidInformation' && error.message === CARD_NOT_IN_SENDER_NAME) {
        attempt.current = undefined;
        setProblem('card-name');
        return { declined: true };
      }
      if (error.type === 'QuoteExpired') setProblem('expired');
      else if (error.type === 'InvalidTransition') {
        setProblem('unavailable');
        onStale();
      } else if (error.status === 0) setProblem('network');
      else showErrorModal(error);
      return undefined;
    }
  };

  if (lastKnownAt !== undefined) {
    // offline, the transfer as last seen and why there is no way to pay: every way needs the server
    return (
      <>
        <h1>
          <Trans>Confirm and pay</Trans>
        </h1>
        <OfflineNotice asOf={lastKnownAt} />
        <NeedsNetwork onRetry={onStale} />
        <TransferSummary transfer={transfer} secondsLeft={expired ? 0 : left} />
      </>
    );
  }
  return (
    <>
      <h1>
        <Trans>Confirm and pay</Trans>
      </h1>
      {/* the parts that load their own data come in together, so none moves another */}
      <RevealTogether waiting={earlier.status === 'loading'} loading={<LoadingTransfer />}>
        <TransferSummary transfer={transfer} secondsLeft={expired ? 0 : left} />
        {/* a new quote (rate renewed) has figures of its own */}
        <PrePaymentDisclosure key={transfer.quote_expiration_time} transRef={transRef} />
        {declined ? (
          <div role="alert" className={styles.declined}>
            <p className={styles.declinedTitle}>
              <Trans>Payment declined</Trans>
            </p>
            <p>{i18n._(PAYMENT_MESSAGES[declined])}</p>
            <p>
              <Trans>Try another card.</Trans>
            </p>
          </div>
        ) : null}
        {problem === 'unavailable' ? (
          <p role="alert" className={styles.declined}>
            <Trans>This transfer cannot be paid right now: a payment for it may already be in progress.</Trans>{' '}
            <Link to="/transfers">
              <Trans>See your transfers</Trans>
            </Link>
          </p>
        ) : problem === 'card-country' ? (
          <SenderCardCountryDialog sendCountry={transfer.send_country} onClose={() => setProblem(undefined)} />
        ) : problem === 'card-name' ? (
          <p role="alert" className={styles.declined}>
            <Trans>
              This card is not in your name. Pay with a card in your own name, or choose another way to pay.
            </Trans>
          </p>
        ) : problem === 'no-ssn' ? (
          <p role="alert" className={styles.declined}>
            <Trans>
              We do not have your Social Security number on record, so you cannot pay by card yet. Contact customer
              support.
            </Trans>
          </p>
        ) : problem === 'network' ? (
          <p role="alert" className={styles.declined}>
            <Trans>We could not reach the payment service. Check your connection and try again.</Trans>
          </p>
        ) : null}
        {scam ? (
          <ScamWarning
            pattern={scam}
            recipient={transfer.beneficiary.name}
            acknowledged={scamAcknowledged}
            onAcknowledge={setScamAcknowledged}
          />
        ) : null}
        {scam === null || scamAcknowledged ? (
          <>
            <WalletPayment
              transfer={transfer}
              expired={expired}
              onPaid={onPaid}
              onExpired={() => setProblem('expired')}
              onStale={onStale}
            />
            <BankTransferPayment transfer={transfer} expired={expired} onStale={onStale} />
            <BankLinkPayment
              transfer={transfer}
              expired={expired}
              onSettled={(result) =>
                result.status === 'APPROVED' ? onPaid(result.transfer) : setDeclined(result.code ?? 'unknown_error')
              }
              onExpired={() => setProblem('expired')}
              onStale={onStale}
            />
            {withBilling ? (
              <BillingAddressFieldset
                value={billing}
                fromUs={fromUs}
                errors={billingErrors}
                attempt={billingRefusals}
                onChange={(field, value) => {
                  setBillingEdits({ ...billing, [field]: value });
                  setBillingErrors(({ [field]: _fixed, address: _whole, ...rest }) => rest);
                }}
              />
            ) : null}
            <CardChoice
              onNewCard={payNew}
              onSavedCard={paySaved}
              onEdit={() => {
                attempt.current = undefined;
              }}
            />
          </>
        ) : null}
        {/* last, so nothing on the page moves when the rate runs out under the customer's thumb: it sticks to the
            screen's foot while the ways to pay above it, now disabled, stay where they were */}
        {expired ? (
          <RateRenewal
            key={transfer.quote_expiration_time}
            transfer={transfer}
            onRepriced={() => {
              setProblem(undefined);
              onStale();
            }}
          />
        ) : null}
        {ssnAsk ? (
          <SsnDialog
            problem={ssnAsk.problem}
            onContinue={async (digits) => {
              await charge(ssnAsk.attempt, digits);
            }}
            onCancel={() => setSsnAsk(undefined)}
          />
        ) : null}
      </RevealTogether>
    </>
  );
}
