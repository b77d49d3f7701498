/** A customer for the benches, made through the real API of the server at `base`. */
import { randomBytes, randomUUID } from 'node:crypto';
import { CREATE_PATH, QUOTE_BODY, QUOTE_PATH } from './transfer-calls.ts';

async function json(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(parsed)}`);
  return parsed.data;
}

/**
 * The header that says which address a customer's calls come from, for a server that believes its loopback peer
 * as a proxy (`TRUSTED_PROXY_ADDRESSES`): the abuse limits then count each customer's own address, as behind a
 * deployment's proxy, not the load generator's one. None: the connection's peer.
 */
const fromAddress = (from: string | undefined): Record<string, string> => (from ? { 'x-forwarded-for': from } : {});

/** Sign up through the real flow, reading the code from the sandbox outbox; the session token. */
export async function signUp(base: string, from?: string): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const sent = await json(
    base,
    'POST',
    '/api/oauth/email/send',
    { email, password: 'bench1234', country: 'GB', accept_terms: true, accept_privacy: true },
    fromAddress(from),
  );
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const messages = await json(base, 'GET', `/sandbox/messages?to=${encodeURIComponent(email)}`);
    code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no sign-up code arrived');
  const registration = { authorization: `Bearer ${sent.registration_token}`, ...fromAddress(from) };
  await json(base, 'POST', '/api/oauth/email/check', { code }, registration);
  const committed = await json(base, 'POST', '/api/oauth/commit', undefined, registration);
  const signedIn = await json(base, 'POST', '/api/oauth/jwt2auth', { jwt: committed.jwt }, fromAddress(from));
  return signedIn.token;
}

/** The onboarding steps done (name, personal details, address, reasons), so the signed-in pages open. */
export async function onboard(base: string, token: string, from?: string): Promise<void> {
  const remitter = (path: string, body: unknown) =>
    json(base, 'POST', `/api/main/remit/remitter/${path}`, body, { 'x-auth-token': token, ...fromAddress(from) });
  await remitter('create', { first_name: 'Amina', surname: 'Warsame' });
  for (const answer of [
    { nationality: 'SO', date_of_birth: '1990-03-27', occupation: 'Nurse' },
    { address: { street: '12 Station Road', city: 'Leeds', postcode: 'LS1 4DY', province: null } },
    { reason_of_usage: 'family_support', purpose_of_account: 'family_and_friends' },
  ]) {
    await remitter('update', answer);
  }
}

/** A recipient in Kenya paid by M-Pesa, which the quotes of `transfer-calls.ts` pay; its id. */
export async function addRecipient(base: string, token: string, from?: string): Promise<string> {
  const recipient = await json(
    base,
    'POST',
    '/api/main/api/v1/beneficiaries',
    {
      destination_country: 'KE',
      payout_type: 'mobile',
      destination_currency: 'KES',
      values: {
        first_name: 'Wanjiru',
        last_name: 'Kamau',
        mobile: '0712 345 678',
        mobile_network_code: 'MPESA',
        relationship: 'sibling',
        purpose_of_transaction: 'family_support',
      },
      mobile_confirmation: '0712 345 678',
    },
    { 'x-auth-token': token, ...fromAddress(from) },
  );
  return recipient.id;
}

/** A transfer to that recipient on a fresh quote, as the app makes it, left awaiting payment; its reference. */
export async function awaitingPayment(
  base: string,
  token: string,
  beneficiaryId: string,
  from?: string,
): Promise<string> {
  const auth = { 'x-auth-token': token, ...fromAddress(from) };
  const quote = await json(base, 'POST', QUOTE_PATH, JSON.parse(QUOTE_BODY), auth);
  const transfer = await json(
    base,
    'POST',
    CREATE_PATH,
    { quote_id: quote.quote_id, beneficiary_id: beneficiaryId, purpose_of_transaction: 'family_support' },
    { ...auth, 'idempotency-key': randomUUID() },
  );
  return transfer.trans_ref;
}
