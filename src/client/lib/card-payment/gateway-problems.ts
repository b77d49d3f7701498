import { type ApiFailure, fieldErrorPath } from '../api/api-failure.ts';
import type { CardField, CardProblem } from './card-entry.ts';
import type { CardProblems } from './card-form.tsx';

/** The gateway's field names, and the problem each one's refusal means on our form. */
const GATEWAY_FIELDS: Readonly<Record<string, [CardField, CardProblem]>> = {
  name: ['name', 'name_required'],
  number: ['number', 'number_invalid'],
  exp_month: ['expiry', 'expiry_invalid'],
  exp_year: ['expiry', 'expiry_invalid'],
  cvc: ['cvc', 'cvc_invalid'],
};

/** The card fields a gateway refusal names (a 400 with property paths), as the form shows them; else undefined. */
export function gatewayProblems(failure: ApiFailure): CardProblems | undefined {
  if (failure.status !== 400) return undefined;
  const problems: CardProblems = {};
  for (const item of failure.errors) {
    const known = item.propertyPath ? GATEWAY_FIELDS[fieldErrorPath(item.propertyPath)] : undefined;
    if (!known) continue;
    const [field, problem] = known;
    // the gateway refuses a card whose expiry has passed on the expiry month
    problems[field] = field === 'expiry' && /expired/i.test(item.message) ? 'expired' : problem;
  }
  return Object.keys(problems).length > 0 ? problems : undefined;
}
