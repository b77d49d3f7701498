import { PURPOSES_OF_TRANSACTION } from '../../purposes.ts';
import { endpoint } from '../endpoint.ts';
import { QuoteId } from '../fields.ts';
import { enums, type Infer, object, refine, string } from '../structs.ts';
import { Transfer, TransferReference } from './transfer.ts';

/** Making a transfer from a quote and a recipient, and pricing it again when its rate ran out. */

const Id = (name: string) =>
  refine(string(), name, (value) => (value.length > 0 && value.length <= 64) || `The ${name} field is invalid`, {
    minLength: 1,
    maxLength: 64,
  });

/** POST /remit/transaction/create body; 201 a new transfer, 200 the same key's transfer again. */
export const CreateTransferRequest = object({
  quote_id: QuoteId,
  beneficiary_id: Id('beneficiary_id'),
  purpose_of_transaction: enums(PURPOSES_OF_TRANSACTION),
});
export type CreateTransferRequest = Infer<typeof CreateTransferRequest>;

/**
 * POST /remit/transaction/reprice body: price an unpaid transfer with a new
 * live quote of the same corridor (its rate ran out); recipient, purpose and
 * payment choice stay. The same quote again answers the transfer as it is.
 */
export const RepriceRequest = object({ trans_ref: TransferReference, quote_id: QuoteId });
export type RepriceRequest = Infer<typeof RepriceRequest>;

/** Creation and repricing. */
export const creationCalls = {
  createTransfer: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/create',
    auth: 'session',
    body: CreateTransferRequest,
    response: Transfer,
    status: 201,
    idempotent: true,
  }),
  repriceTransfer: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/reprice',
    auth: 'session',
    body: RepriceRequest,
    response: Transfer,
  }),
} as const;
