import { DISPUTE_DESCRIPTION_MAX, DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_STATES } from '../../disputes.ts';
import { endpoint } from '../endpoint.ts';
import { enums, type Infer, nullable, object, refine, string } from '../structs.ts';
import { TransferReference } from './transfer.ts';

/** Reporting a problem with a paid transfer, and where its review stands. */

/** POST /remit/transaction/dispute body: report a problem with a paid transfer (reason from the list, in the customer's words). */
export const OpenDisputeRequest = object({
  trans_ref: TransferReference,
  reason: enums(DISPUTE_REASONS),
  description: refine(
    string(),
    'description',
    (value) =>
      (/\S/.test(value) && value.length <= DISPUTE_DESCRIPTION_MAX) ||
      `The description field must say what went wrong, in at most ${DISPUTE_DESCRIPTION_MAX} characters`,
    { pattern: '\\S', maxLength: DISPUTE_DESCRIPTION_MAX },
  ),
});
export type OpenDisputeRequest = Infer<typeof OpenDisputeRequest>;

/** A reported problem and where its review stands (times ISO 8601; null for a move not made yet). */
export const Dispute = object({
  id: string(),
  trans_ref: string(),
  reason: enums(DISPUTE_REASONS),
  description: string(),
  state: enums(DISPUTE_STATES),
  outcome: nullable(enums(DISPUTE_OUTCOMES)),
  opened_at: string(),
  under_review_at: nullable(string()),
  resolved_at: nullable(string()),
});
export type Dispute = Infer<typeof Dispute>;

/** GET /remit/transaction/:trans_ref/dispute: the transfer's latest dispute, null when none; and until when one may be opened. */
export const DisputeAnswer = object({
  dispute: nullable(Dispute),
  disputable_until: nullable(string()),
});
export type DisputeAnswer = Infer<typeof DisputeAnswer>;

/** Disputes. */
export const disputeCalls = {
  openDispute: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/dispute',
    auth: 'session',
    body: OpenDisputeRequest,
    response: Dispute,
    status: 201,
    idempotent: true,
  }),
  getDispute: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/transaction/:trans_ref/dispute',
    auth: 'session',
    params: object({ trans_ref: TransferReference }),
    response: DisputeAnswer,
    offline: 'last-known',
    notFound: 'Transfer',
  }),
} as const;
