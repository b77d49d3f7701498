/**
 * A steady mixed load on the built server, open loop: of every ten arrivals,
 * six quotes (POST save-quote), two transfer creations (POST transaction/create
 * on a quote of the same customer), one card payment (POST transaction/pay of
 * an awaiting transfer, with a card tokenized before the run) and one read
 * (GET transaction/list). Latency counts from each call's scheduled start.
 * Printed per 10-second window and overall, per kind, beside GET /healthz at
 * the same rate. PGlite runs on a data directory with fsync on, as a server
 * started with the defaults does; PostgreSQL on a scratch database. The
 * calls are spread over as many customers as keep each within the transfers
 * an unverified customer may make; a refused call is counted with its error
 * type, so a report with failures says why.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addRecipient, onboard, signUp } from './customer.ts';
import { type Answer, CallLog, type CallSummary, type LoadRequest, NO_ANSWER, runOpenLoop, send } from './http-load.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startBuiltServer, stopProcess, waitForHealth } from './server-process.ts';
import { QUOTE_BODY } from './transfer-calls.ts';

const API = '/api/main';
const PORT = Number(process.env.BENCH_MIXED_PORT ?? 8284);
const base = `http://127.0.0.1:${PORT}`;
/**
 * Transfers one customer makes in a run at most: past about £2,000 a year of £10 transfers (200) the verification
 * ladder asks an unverified customer for an identity document (422), which the bench's customers do not have.
 */
const TRANSFERS_PER_CUSTOMER = 150;
/**
 * The server believes the bench's forwarding header, as a deployment's server believes its proxy, and each
 * customer calls from an address of its own (RFC 5737's documentation range), so the per-address sign-up limits
 * count customers, not the load generator.
 */
const BEHIND_PROXY = { TRUSTED_PROXY_HOPS: '1', TRUSTED_PROXY_ADDRESSES: '127.0.0.1, ::1, ::ffff:127.0.0.1' };
const customerAddress = (n: number) => `198.51.100.${n + 1}`;
const WINDOW_SECONDS = 10;
/** the arrivals' kinds, in the order each ten arrive */
const CYCLE = ['quote', 'quote', 'create', 'quote', 'read', 'quote', 'create', 'quote', 'pay', 'quote'] as const;
type Kind = (typeof CYCLE)[number] | 'healthz';
/** Outcomes of a call the bench could not make: what it needed had not been answered yet (or failed). */
const NO_QUOTE_YET = 'no quote to create on yet';
const NO_TRANSFER_YET = 'no transfer to pay yet';
type Outcome = number | string;
/** a sandbox card that approves without a challenge, in the name `onboard` gives the customer */
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2035, cvc: '123', name: 'Amina Warsame' };

interface Customer {
  headers: Record<string, string>;
  beneficiaryId: string;
  quotes: string[];
  awaiting: string[];
}

export interface MixedWindow {
  /** seconds from the run's start to the window's */
  from: number;
  all: CallSummary;
}

export interface MixedLoadResult {
  database: 'pglite' | 'postgres';
  rate: number;
  seconds: number;
  windows: MixedWindow[];
  overall: Record<Kind | 'all', CallSummary>;
}

/** One call, logged under its kind, its window and the whole run; the answer when 2xx. */
class MixedLog {
  readonly kinds = new Map<Kind | 'all', CallLog>();
  readonly windows = new Map<number, CallLog>();

  add(kind: Kind, scheduledSecond: number, outcome: Outcome, latencyMs: number): void {
    const window = Math.floor(scheduledSecond / WINDOW_SECONDS) * WINDOW_SECONDS;
    for (const log of [this.of(this.kinds, kind), this.of(this.kinds, 'all'), this.of(this.windows, window)]) {
      log.add(outcome, latencyMs);
    }
  }

  private of<K>(map: Map<K, CallLog>, key: K): CallLog {
    const log = map.get(key) ?? new CallLog();
    map.set(key, log);
    return log;
  }
}

/** `count` customers, each with a recipient, a few quotes and a few transfers awaiting payment made before the run. */
async function customers(agent: Agent, count: number): Promise<Customer[]> {
  if (count > 254) throw new Error(`${count} customers: more than the addresses the bench gives them`);
  const made: Customer[] = [];
  for (let i = 0; i < count; i++) {
    const from = customerAddress(i);
    const token = await signUp(base, from);
    await onboard(base, token, from);
    const customer = {
      headers: { 'x-auth-token': token, 'x-forwarded-for': from },
      beneficiaryId: '',
      quotes: [],
      awaiting: [],
    };
    customer.beneficiaryId = await addRecipient(base, token, from);
    for (let j = 0; j < 3; j++) {
      await quote(agent, customer);
      await create(agent, customer);
    }
    // spare quotes, so a create finds one even while the quotes just before it are still unanswered
    for (let j = 0; j < 4; j++) await quote(agent, customer);
    made.push(customer);
  }
  return made;
}

const json = (body: string) => JSON.parse(body).data;

/** A 2xx answer's status; a refusal's status and error type (`422 QuoteExpired`), so the report says why. */
function outcomeOf(answer: Answer | undefined): Outcome {
  if (!answer) return NO_ANSWER;
  if (answer.status < 300) return answer.status;
  try {
    return `${answer.status} ${JSON.parse(answer.body).errors?.[0]?.type ?? ''}`.trim();
  } catch {
    return answer.status;
  }
}

async function quote(agent: Agent, customer: Customer): Promise<Outcome> {
  const answer = await send(agent, PORT, {
    method: 'POST',
    path: `${API}/remit/remittance/save-quote`,
    headers: customer.headers,
    body: () => QUOTE_BODY,
  }).catch(() => undefined);
  if (answer?.status === 201) customer.quotes.push(json(answer.body).quote_id);
  return outcomeOf(answer);
}

async function create(agent: Agent, customer: Customer): Promise<Outcome> {
  // the newest quote: a customer creates on the price just shown
  const quoteId = customer.quotes.pop();
  // every quote before it failed or is still unanswered: a call not made, counted as such
  if (!quoteId) return NO_QUOTE_YET;
  const body = JSON.stringify({
    quote_id: quoteId,
    beneficiary_id: customer.beneficiaryId,
    purpose_of_transaction: 'family_support',
  });
  const answer = await send(agent, PORT, {
    method: 'POST',
    path: `${API}/remit/transaction/create`,
    headers: { ...customer.headers, 'idempotency-key': randomUUID() },
    body: () => body,
  }).catch(() => undefined);
  if (answer?.status === 201) customer.awaiting.push(json(answer.body).trans_ref);
  return outcomeOf(answer);
}

async function pay(agent: Agent, customer: Customer, cardToken: string): Promise<Outcome> {
  const transRef = customer.awaiting.shift();
  if (!transRef) return NO_TRANSFER_YET;
  const body = JSON.stringify({ trans_ref: transRef, card_token: cardToken });
  const answer = await send(agent, PORT, {
    method: 'POST',
    path: `${API}/remit/transaction/pay`,
    headers: { ...customer.headers, 'idempotency-key': randomUUID() },
    body: () => body,
  }).catch(() => undefined);
  return outcomeOf(answer);
}

async function tokenize(agent: Agent): Promise<string> {
  const answer = await send(agent, PORT, {
    method: 'POST',
    path: '/sandbox/gateway/tokens',
    body: () => JSON.stringify(CARD),
  });
  if (answer.status !== 201) throw new Error(`tokenize → ${answer.status} ${answer.body}`);
  return json(answer.body).token;
}

async function timed(agent: Agent, req: LoadRequest): Promise<Outcome> {
  const answer = await send(agent, PORT, req).catch(() => undefined);
  return outcomeOf(answer);
}

/** The mixed load at `rate` a second for `seconds` on a fresh server over `database`, after a 10 s warm-up. */
export async function benchMixedLoad(
  database: 'pglite' | 'postgres',
  options: { rate: number; seconds: number; adminUrl?: string },
): Promise<MixedLoadResult> {
  let scratch: ScratchDatabase | undefined;
  let dataDir: string | undefined;
  if (database === 'postgres') {
    if (!options.adminUrl) throw new Error('a PostgreSQL URL is needed');
    scratch = await createScratchDatabase(options.adminUrl);
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'sarraf-mixed-'));
  }
  const child = await startBuiltServer(PORT, {
    ...BEHIND_PROXY,
    ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir as string }),
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  try {
    await waitForHealth(child, base);
    const warmUpSeconds = 10;
    const creates = Math.ceil(((warmUpSeconds + options.seconds) * options.rate * 2) / CYCLE.length);
    const people = await customers(agent, Math.max(3, Math.ceil(creates / TRANSFERS_PER_CUSTOMER)));
    const pays = Math.ceil(((warmUpSeconds + options.seconds) * options.rate) / CYCLE.length) + 1;
    const cards: string[] = [];
    for (let i = 0; i < pays; i++) cards.push(await tokenize(agent));

    const run = async (seconds: number, log: MixedLog | undefined, kindOf: (n: number) => Kind) => {
      let n = 0;
      let begun = 0;
      await runOpenLoop(options.rate, seconds, async (from) => {
        if (n === 0) begun = from;
        const kind = kindOf(n);
        // each customer takes a whole cycle in turn: its quotes come before the creates that use them
        const customer = people[Math.floor(n / CYCLE.length) % people.length] as Customer;
        n += 1;
        const outcome = await (kind === 'quote'
          ? quote(agent, customer)
          : kind === 'create'
            ? create(agent, customer)
            : kind === 'pay'
              ? pay(agent, customer, cards.pop() as string)
              : kind === 'read'
                ? timed(agent, { method: 'GET', path: `${API}/remit/transaction/list`, headers: customer.headers })
                : timed(agent, { method: 'GET', path: '/healthz' }));
        log?.add(kind, (from - begun) / 1000, outcome, performance.now() - from);
      });
    };
    const mixed = (n: number) => CYCLE[n % CYCLE.length] as Kind;
    await run(warmUpSeconds, undefined, mixed);
    const floor = new MixedLog();
    await run(Math.min(options.seconds, 20), floor, () => 'healthz');
    const log = new MixedLog();
    await run(options.seconds, log, mixed);
    const summary = (l: CallLog, seconds: number) => l.summary(seconds);
    const overall = Object.fromEntries(
      [...log.kinds].map(([kind, l]) => [kind, summary(l, options.seconds)]),
    ) as MixedLoadResult['overall'];
    overall.healthz = summary(floor.kinds.get('healthz') as CallLog, Math.min(options.seconds, 20));
    return {
      database,
      rate: options.rate,
      seconds: options.seconds,
      windows: [...log.windows].map(([from, l]) => ({ from, all: summary(l, WINDOW_SECONDS) })),
      overall,
    };
  } finally {
    agent.destroy();
    await stopProcess(child);
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures = (s: CallSummary) =>
  `${s.ok}/${s.calls} ok, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, max ${s.maxMs} ms` +
  (Object.keys(s.failures).length > 0 ? `, failed ${JSON.stringify(s.failures)}` : '');

/** The lines `npm run bench -- --mixed` prints for one run. */
export function mixedLoadReport(r: MixedLoadResult): string[] {
  const head = `${r.database.padEnd(8)} ${r.rate}/s × ${r.seconds} s`;
  return [
    `${head} overall     ${figures(r.overall.all)}`,
    ...(['quote', 'create', 'pay', 'read', 'healthz'] as const).map(
      (kind) => `${head}   ${kind.padEnd(9)} ${figures(r.overall[kind])}`,
    ),
    ...r.windows.map((w) => `${head}   ${`${w.from}–${w.from + WINDOW_SECONDS} s`.padEnd(9)} ${figures(w.all)}`),
  ];
}
