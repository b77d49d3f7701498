import { findSourceCountry } from '../../../domain/countries.ts';
import { displayMoney, type Minor } from '../../../domain/money.ts';
import {
  type LadderStep,
  ladderThresholds,
  STEP_DOCUMENT,
  stepDone,
  stepsNeeded,
} from '../../../domain/verification-ladder.ts';
import { findCustomer } from '../../customers/customers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { runAutomaticChecks } from './automatic-checks.ts';
import { collectDecisions } from './document-decisions.ts';
import { loadVerification, moveVerification } from './verification-records.ts';

function neededMessage(step: LadderStep, above: string): string {
  switch (step) {
    case 'identity_checks':
      return 'Before your first transfer we need to confirm who you are: complete your name, date of birth and home address, and wait for the checks on them to finish. Your profile shows what is still open.';
    case 'identity_document':
      return `To send more than ${above} this year we need a photo of your passport, national ID card or driving licence. Upload it from your profile; checking it usually takes a few minutes.`;
    case 'source_of_funds':
      return `To send more than ${above} this year the law asks us to see where the money comes from: upload proof of your source of funds (a payslip or bank statement, for example) from your profile.`;
  }
}

/**
 * Refuse a transfer of `amount` the customer may not make yet under the
 * ladder (`src/domain/verification-ladder.ts`), `used` already sent this
 * year: 422 VerificationRequired naming the first step missing, in its
 * message and as its `property_path`.
 * A document the step needs that nobody has asked for yet is asked for now
 * (and stays asked for), so the profile and the task list show it.
 */
export async function assertVerifiedFor(
  deps: AppDeps,
  customerId: string,
  sourceCountry: string,
  amount: Minor,
  used: Minor,
): Promise<void> {
  const country = findSourceCountry(sourceCountry);
  if (!country) throw new Error(`${sourceCountry} is not a source country`);
  const [customer, remitter] = await Promise.all([
    findCustomer(deps.db, customerId),
    findRemitter(deps.db, customerId),
  ]);
  if (!customer) throw new Error(`customer ${customerId} is gone`);
  // the checks start when the user is loaded; a caller who skipped that still gets them
  await runAutomaticChecks(deps, customer, remitter);
  await collectDecisions(deps, customerId);
  const { state } = await loadVerification(deps.db, customerId);
  const missing = stepsNeeded(country.yearlyLimit, used, amount).find((step) => !stepDone(state, step));
  if (!missing) return;
  const document = STEP_DOCUMENT[missing];
  if (document && state.documents[document] === 'not_needed' && state.database === 'done') {
    await deps.db.transaction().execute((trx) =>
      moveVerification(trx, customerId, deps.clock.now(), ({ state: locked }) =>
        locked.documents[document] === 'not_needed'
          ? [
              {
                event: { type: 'document_requested', document },
                actor: 'system:ladder',
                reason: `a transfer of ${displayMoney(amount, country.currency, 'en-GB')} takes the year past the ${missing} threshold`,
              },
            ]
          : [],
      ),
    );
  }
  const thresholds = ladderThresholds(country.yearlyLimit);
  const above = missing === 'source_of_funds' ? thresholds.sourceOfFundsAbove : thresholds.identityDocumentAbove;
  // property_path names the step missing, so an app can say it in the customer's language
  throw new ApiError(
    'VerificationRequired',
    neededMessage(missing, displayMoney(above, country.currency, 'en-GB')),
    missing,
  );
}
