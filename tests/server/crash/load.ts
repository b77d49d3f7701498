import { randomUUID } from 'node:crypto';
import { KENYA_MOBILE, typedTwice } from '../beneficiaries/beneficiary-fixtures.ts';
import { CARD } from '../card-gateway/card-fixtures.ts';
import { CARDS, TO_KENYA_MOBILE } from '../transfers/transfer-fixtures.ts';
import { onboardingAnswers } from '../verification/verification-fixtures.ts';

/**
 * Customers driving a real server over HTTP, the way browsers do, and a
 * record of every call the server acknowledged (answered 2xx). A call cut
 * off by the server's death is not acknowledged.
 */

const API = '/api/main';
/** Small enough that a customer's year stays under the ladder's identity-document threshold for the whole load. */
const SMALL_TRANSFER = { ...TO_KENYA_MOBILE, amount: '10.00' };
const PASSWORD = 'secret123';

interface Answer {
  status: number;
  body: any;
}

async function call(
  base: string,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each sign-up comes from its own device, as real customers' do: an address of the benchmarking range
 * (198.18.0.0/15) that the server reads from X-Forwarded-For (it runs with TRUSTED_PROXY_HOPS=1), so the
 * per-address limits see many customers rather than one machine.
 */
function deviceAddress(): string {
  const [a = 0, b = 0] = randomUUID()
    .replaceAll('-', '')
    .match(/../g)
    ?.map((hex) => Number.parseInt(hex, 16)) ?? [0, 0];
  return `198.18.${a}.${b}`;
}

/**
 * Start a sign-up: the code is e-mailed through the outbox. Should the
 * address have had its captcha-free registrations, the device passes the
 * captcha as the app does (a guest session, the invisible check scored as a
 * person's) and sends the sign-up again with the guest's bearer.
 */
export async function startSignUp(base: string, email: string): Promise<Answer> {
  const device = { 'x-forwarded-for': deviceAddress() };
  const send = (headers: Record<string, string> = {}) =>
    call(base, 'POST', '/api/oauth/email/send', {
      body: { email, password: PASSWORD, country: 'GB', accept_terms: true, accept_privacy: true },
      headers: { ...device, ...headers },
    });
  const sent = await send();
  if (sent.status !== 403 || !String(sent.body?.errors?.[0]?.type).endsWith(':CaptchaRequired')) return sent;
  const guest = await call(base, 'POST', '/api/oauth/guest', { body: { country: 'GB' }, headers: device });
  expectStatus(guest, 201, 'guest session');
  const authorization = { authorization: `Bearer ${guest.body.data.guest_token}` };
  const scored = await call(base, 'POST', guest.body.data._links['gcaptcha/v3'].href, {
    body: { token: 'sandbox-v3-human' },
    headers: { ...device, ...authorization },
  });
  expectStatus(scored, 200, 'invisible captcha');
  if (!scored.body.data.passed) throw new Error(`the invisible captcha did not pass: ${JSON.stringify(scored.body)}`);
  return send(authorization);
}

/** Every message the sandbox sent to `to`, newest first. */
export async function inbox(base: string, to: string): Promise<{ body: string }[]> {
  const res = await call(base, 'GET', `/sandbox/messages?to=${encodeURIComponent(to)}`);
  expectStatus(res, 200, 'sandbox messages');
  return res.body.data;
}

/** Waits for the first message to `to`; resolves with when it arrived (ms since the epoch). */
export async function firstMessage(
  base: string,
  to: string,
  timeoutMs = 30_000,
): Promise<{ body: string; at: number }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [message] = await inbox(base, to);
    if (message) return { body: message.body, at: Date.now() };
    await sleep(50);
  }
  throw new Error(`no message reached ${to} in ${timeoutMs} ms`);
}

export interface Customer {
  email: string;
  token: string;
  beneficiaryId: string;
}

/** Signs up through the real flow (code read from the sandbox outbox) and adds a recipient in Kenya. */
/**
 * The onboarding steps (name, nationality, date of birth, address, occupation,
 * usage): the verification ladder lets nobody send before them.
 */
async function onboard(base: string, token: string): Promise<void> {
  const headers = { 'x-auth-token': token };
  const created = await call(base, 'POST', `${API}/remit/remitter/create`, {
    body: { first_name: 'Crash', surname: 'Tester' },
    headers,
  });
  expectStatus(created, 201, 'remitter');
  for (const body of onboardingAnswers()) {
    expectStatus(await call(base, 'POST', `${API}/remit/remitter/update`, { body, headers }), 200, 'onboarding step');
  }
}

export async function newCustomer(base: string): Promise<Customer> {
  const email = `crash-${randomUUID()}@example.test`;
  const sent = await startSignUp(base, email);
  expectStatus(sent, 201, 'sign-up');
  const code = /\b(\d{6})\b/.exec((await firstMessage(base, email)).body)?.[1];
  const checked = await call(base, 'POST', '/api/oauth/email/check', {
    body: { code },
    headers: { authorization: `Bearer ${sent.body.data.registration_token}` },
  });
  expectStatus(checked, 200, 'sign-up code');
  const registration = { authorization: `Bearer ${sent.body.data.registration_token}` };
  const committed = await call(base, 'POST', '/api/oauth/commit', { headers: registration });
  expectStatus(committed, 201, 'sign-up commit');
  const signedIn = await call(base, 'POST', '/api/oauth/jwt2auth', { body: { jwt: committed.body.data.jwt } });
  expectStatus(signedIn, 200, 'sign-up hand-over');
  const token = signedIn.body.data.token as string;
  await onboard(base, token);
  const recipient = await call(base, 'POST', `${API}/api/v1/beneficiaries`, {
    body: typedTwice(KENYA_MOBILE),
    headers: { 'x-auth-token': token },
  });
  expectStatus(recipient, 201, 'new recipient');
  return { email, token, beneficiaryId: recipient.body.data.id };
}

export interface Acknowledged {
  /** trans_ref of every transfer whose create call was answered 201 */
  transfers: string[];
  /** every pay call answered 200, with the status it answered */
  payments: { transRef: string; status: string }[];
  /** every sign-up whose send call was answered 201 */
  signUps: string[];
}

export interface Load {
  acknowledged: Acknowledged;
  /** pay calls sent and not answered yet */
  paysInFlight(): number;
  /** stop starting calls; resolves once every worker has ended */
  stop(): Promise<void>;
}

/** One customer's loop: quote, create, tokenize at the gateway, pay; every third card is declined. */
async function transferLoop(base: string, customer: Customer, load: LoadState, first: number): Promise<void> {
  const auth = { 'x-auth-token': customer.token };
  for (let round = first; !load.stopped; round++) {
    const quote = await call(base, 'POST', `${API}/remit/remittance/save-quote`, {
      body: SMALL_TRANSFER,
      headers: auth,
    });
    expectStatus(quote, 201, 'save-quote');
    const created = await call(base, 'POST', `${API}/remit/transaction/create`, {
      body: {
        quote_id: quote.body.data.quote_id,
        beneficiary_id: customer.beneficiaryId,
        purpose_of_transaction: 'family_support',
      },
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
    });
    expectStatus(created, 201, 'create transfer');
    const transRef = created.body.data.trans_ref as string;
    load.acknowledged.transfers.push(transRef);
    const number = round % 3 === 2 ? CARDS.declined : CARDS.approves;
    // the card is in the customer's name (SPEC §5), as onboarding gave it above
    const token = await call(base, 'POST', '/sandbox/gateway/tokens', {
      body: { ...CARD, number, name: 'Crash Tester' },
    });
    expectStatus(token, 201, 'tokenize');
    load.paysInFlight += 1;
    try {
      const paid = await call(base, 'POST', `${API}/remit/transaction/pay`, {
        body: { trans_ref: transRef, card_token: token.body.data.token },
        headers: { ...auth, 'Idempotency-Key': randomUUID() },
      });
      expectStatus(paid, 200, 'pay');
      load.acknowledged.payments.push({ transRef, status: paid.body.data.status });
    } finally {
      load.paysInFlight -= 1;
    }
  }
}

/** Sign-ups one after another, each hashing a password on the server. */
async function signUpLoop(base: string, load: LoadState): Promise<void> {
  while (!load.stopped) {
    const email = `crash-signup-${randomUUID()}@example.test`;
    expectStatus(await startSignUp(base, email), 201, 'sign-up');
    load.acknowledged.signUps.push(email);
  }
}

interface LoadState {
  stopped: boolean;
  paysInFlight: number;
  acknowledged: Acknowledged;
}

/**
 * Starts every customer's transfer loop and one sign-up loop. A call that
 * fails ends its loop: after the kill every call fails, and an unexpected
 * refusal before it is reported by `stop` only if the server was alive.
 */
export function startLoad(base: string, customers: Customer[]): Load {
  const state: LoadState = {
    stopped: false,
    paysInFlight: 0,
    acknowledged: { transfers: [], payments: [], signUps: [] },
  };
  const errors: unknown[] = [];
  const loops = [
    ...customers.map((customer, i) => transferLoop(base, customer, state, i)),
    signUpLoop(base, state),
  ].map((loop) => loop.catch((error: unknown) => void errors.push(error)));
  return {
    acknowledged: state.acknowledged,
    paysInFlight: () => state.paysInFlight,
    async stop() {
      state.stopped = true;
      await Promise.all(loops);
      // calls cut off by the kill fail with a network error, not an HTTP answer
      const refused = errors.filter((error) => !(error instanceof TypeError));
      if (refused.length > 0) throw refused[0];
    },
  };
}
