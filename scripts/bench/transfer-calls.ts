/**
 * Customers' transfers as the app makes them, for the replicas bench: a quote
 * (POST save-quote), then the transfer on it (POST transaction/create) under
 * a fresh Idempotency-Key. A create that gets no answer or a 5xx is sent once
 * more with the same key and body, as a client may; every create's key and
 * answers are kept, so the bench can look each transfer up in the database.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { type Answer, CallLog, type LoadRequest, NO_ANSWER, send } from './http-load.ts';

/** A signed-in customer with a recipient the quotes below can pay. */
export interface Sender {
  token: string;
  beneficiaryId: string;
}

export type CallName = 'quote' | 'create' | 'create again';

/** A call: when it was sent and ended (performance.now()), its outcome, and the replica it went to. */
export interface Call {
  call: CallName;
  outcome: number | typeof NO_ANSWER;
  upstream: string | undefined;
  sentAt: number;
  endedAt: number;
}

/** One transfer's create calls: its key, each call's outcome, and the reference the customer was given, if any. */
export interface Creation {
  key: string;
  outcomes: (number | typeof NO_ANSWER)[];
  transRef?: string;
}

export const QUOTE_PATH = '/api/main/remit/remittance/save-quote';
export const CREATE_PATH = '/api/main/remit/transaction/create';
/** Small, so that no customer's year nears a step of the verification ladder however many transfers they make. */
export const QUOTE_BODY = JSON.stringify({
  source_country_iso2: 'GB',
  destination_country_iso2: 'KE',
  payout_type: 'mobile',
  amount: '10.00',
  amount_type: 'SOURCE',
});

export class TransferCalls {
  readonly quotes = new CallLog();
  /** every create call, a second try included */
  readonly creates = new CallLog();
  /** whole transfers, quote to reference, from when each was due */
  readonly transfers = new CallLog();
  /** every call, in the order they ended */
  readonly calls: Call[] = [];
  readonly creations: Creation[] = [];
  /** the creates each replica answered, by its `x-upstream` (none without a proxy) */
  readonly createsBy = new Map<string, number>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });

  constructor(private readonly port: number) {}

  private async call(name: CallName, log: CallLog, req: LoadRequest): Promise<Answer | undefined> {
    const sentAt = performance.now();
    const answer = await send(this.agent, this.port, req).catch(() => undefined);
    const endedAt = performance.now();
    log.add(answer?.status ?? NO_ANSWER, endedAt - sentAt);
    if (name !== 'quote' && answer?.upstream) {
      this.createsBy.set(answer.upstream, (this.createsBy.get(answer.upstream) ?? 0) + 1);
    }
    this.calls.push({ call: name, outcome: answer?.status ?? NO_ANSWER, upstream: answer?.upstream, sentAt, endedAt });
    return answer;
  }

  /** One transfer for `sender`, due at `from` (performance.now()); the answer the customer was left with. */
  async transfer(sender: Sender, from = performance.now()): Promise<void> {
    const headers = { 'x-auth-token': sender.token };
    const quote = await this.call('quote', this.quotes, {
      method: 'POST',
      path: QUOTE_PATH,
      headers,
      body: () => QUOTE_BODY,
    });
    if (quote?.status !== 201) {
      this.transfers.add(quote?.status ?? NO_ANSWER, performance.now() - from);
      return;
    }
    const body = JSON.stringify({
      quote_id: JSON.parse(quote.body).data.quote_id,
      beneficiary_id: sender.beneficiaryId,
      purpose_of_transaction: 'family_support',
    });
    const creation: Creation = { key: randomUUID(), outcomes: [] };
    this.creations.push(creation);
    const create = { method: 'POST', path: CREATE_PATH, headers: { ...headers, 'idempotency-key': creation.key } };
    let answer: Answer | undefined;
    for (const name of ['create', 'create again'] as const) {
      answer = await this.call(name, this.creates, { ...create, body: () => body });
      creation.outcomes.push(answer?.status ?? NO_ANSWER);
      if (answer && answer.status < 500) break;
    }
    // 201: made now; 200: the same key's transfer, made by a call whose answer was lost
    if (answer?.status === 201 || answer?.status === 200) creation.transRef = JSON.parse(answer.body).data.trans_ref;
    this.transfers.add(answer?.status ?? NO_ANSWER, performance.now() - from);
  }

  close(): void {
    this.agent.destroy();
  }
}
