import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { array, is, object, string } from 'superstruct';
import type { CardTokenRequest } from '../../../domain/contract/card-gateway.ts';
import { CARD_BRANDS, cardBrand, cardDigits, isCardExpired, isDeclineCode } from '../../../domain/payments.ts';
import type { BillingAddress } from '../../../domain/us-card-payment.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { SandboxCardPaymentsTable, SandboxCardTokensTable } from '../../db/tables/card-gateway.ts';
import { ApiError } from '../../http/api-error.ts';
import { CALLBACK_SIGNATURE_HEADER, callbackSignatureHoldsUnderAny, signCallback } from '../callback-signature.ts';
import type { ProviderCall } from '../provider-call.ts';
import {
  type AuthorizeRequest,
  type CardAuthorization,
  type CardDetails,
  type CardGateway,
  CardGatewayRequestRefused,
} from './card-gateway.ts';
import { isSameOriginPath } from './return-url.ts';
import { sandboxBehaviour, sandboxIssuerCountry, storedBehaviour } from './sandbox-test-cards.ts';

const TOKEN_LIFETIME_MS = 15 * 60_000;
/** Where the sandbox app serves the challenge page (sandbox base + the gateway's routes). */
const CHALLENGE_PATH = '/sandbox/gateway/3ds';

/** Where the browser has a card tokenized by the sandbox gateway (sandbox-gateway-routes.ts), as `card-gateway` tells it. */
export const SANDBOX_GATEWAY_TOKENS_URL = '/sandbox/gateway/tokens';
const MAX_KEY_LENGTH = 255;

export type ChallengeOutcome = 'success' | 'failure';

export interface IssuedToken {
  token: string;
  card: CardDetails;
  expiresAt: Date;
}

/** A payment that went through a 3-D Secure challenge, and where the challenge returns to. */
export interface Challenge {
  payment: CardAuthorization;
  returnUrl: string;
}

/**
 * The sandbox card gateway: the merchant-facing CardGateway plus the
 * gateway-side operations its own pages call (tokenization, the 3-D Secure
 * challenge). Its state is the sandbox_card_* tables; its time is the clock.
 */
export interface SandboxCardGateway extends CardGateway {
  /** the sandbox keeps every payment, so it can always be looked up */
  getPayment(paymentId: string): Promise<CardAuthorization | undefined>;
  /** the sandbox needs no key to void: a repeat changes nothing */
  void(paymentId: string, call?: ProviderCall): Promise<void>;
  /** Tokenize a card the browser sent; throws a ValidationFailed ApiError for an expired card. */
  tokenize(card: CardTokenRequest): Promise<IssuedToken>;
  challenge(paymentId: string): Promise<Challenge | undefined>;
  /** Ends a waiting challenge; a challenge already ended keeps its outcome. */
  completeChallenge(paymentId: string, outcome: ChallengeOutcome): Promise<Challenge | undefined>;
  /** The signed webhook the sandbox sends when it decided a payment: its raw body and signature header. */
  notification(paymentId: string, now: Date): { body: string; signature: string };
}

type PaymentRow = Selectable<SandboxCardPaymentsTable>;
type TokenRow = Selectable<SandboxCardTokensTable>;
type Outcome = Pick<PaymentRow, 'status' | 'code' | 'challenge'>;

/** A concurrent call with the same idempotency key committed first. */
class LostIdempotencyRace extends Error {}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

function cardOf(row: Pick<TokenRow, 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'country'>): CardDetails {
  const brand = CARD_BRANDS.find((b) => b === row.brand);
  if (!brand) throw new Error(`unknown card brand in sandbox gateway: ${row.brand}`);
  return { brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, country: row.country };
}

function toAuthorization(row: PaymentRow): CardAuthorization {
  const { brand, last4, exp_month, exp_year, country } = row;
  const card =
    brand !== null && last4 !== null && exp_month !== null && exp_year !== null && country !== null
      ? cardOf({ brand, last4, exp_month, exp_year, country })
      : null;
  const facts = { paymentId: row.id, amount: row.amount, currency: row.currency, reference: row.reference, card };
  if (row.status === 'WAITING') {
    return { ...facts, status: 'WAITING', code: null, challengeUrl: `${CHALLENGE_PATH}/${row.id}` };
  }
  if (row.status === 'APPROVED' && row.code === 'approved') {
    return { ...facts, status: 'APPROVED', code: 'approved', challengeUrl: null };
  }
  if (row.status === 'DECLINED' && row.code !== null && isDeclineCode(row.code)) {
    return { ...facts, status: 'DECLINED', code: row.code, challengeUrl: null };
  }
  throw new Error(`sandbox payment ${row.id} has an impossible state ${row.status}/${row.code}`);
}

/** What charging a live token does, by the card's sandbox behaviour and expiry. */
function outcomeFor(token: TokenRow, now: Date): Outcome {
  if (isCardExpired(token.exp_month, token.exp_year, now)) {
    return { status: 'DECLINED', code: 'card_has_expired', challenge: false };
  }
  const behaviour = storedBehaviour(token.behaviour);
  if (behaviour === 'approve') return { status: 'APPROVED', code: 'approved', challenge: false };
  if (behaviour === 'challenge') return { status: 'WAITING', code: null, challenge: true };
  return { status: 'DECLINED', code: behaviour, challenge: false };
}

function refuseMalformed(request: AuthorizeRequest): void {
  if (request.amount <= 0n) throw new CardGatewayRequestRefused('amount must be positive');
  if (!/^[A-Z]{3}$/.test(request.currency)) throw new CardGatewayRequestRefused('currency must be ISO 4217');
  for (const [name, value] of [
    ['idempotencyKey', request.idempotencyKey],
    ['reference', request.reference],
  ] as const) {
    if (value.length === 0 || value.length > MAX_KEY_LENGTH) {
      throw new CardGatewayRequestRefused(`${name} must have 1 to ${MAX_KEY_LENGTH} characters`);
    }
  }
  if (!isSameOriginPath(request.returnUrl)) {
    throw new CardGatewayRequestRefused('returnUrl must be a path on the merchant origin');
  }
}

/** A billing address as the sandbox keeps it: its parts in one order, so equal addresses compare equal. */
function keptAddress(address: BillingAddress | null | undefined): BillingAddress | null {
  if (!address) return null;
  const { street, city, state, zip, country } = address;
  return {
    street,
    city,
    ...(state === undefined ? {} : { state }),
    zip,
    ...(country === undefined ? {} : { country }),
  };
}

function sameRequest(row: PaymentRow, request: AuthorizeRequest): boolean {
  return (
    row.token === request.token &&
    row.amount === request.amount &&
    row.currency === request.currency &&
    row.reference === request.reference &&
    row.return_url === request.returnUrl &&
    JSON.stringify(keptAddress(row.billing_address)) === JSON.stringify(keptAddress(request.billingAddress))
  );
}

export interface SandboxCardGatewayOptions {
  /**
   * How long, in ms, the answer to an authorization takes to come back: the
   * gateway has decided (and charged) before, as when a network is slow.
   */
  latencyMs?: number;
  /** the keys its webhooks are signed with: the first signs, every one is accepted */
  webhookKeys?: readonly Uint8Array[];
}

const SandboxNotifications = object({ notifications: array(object({ id: string(), payment_id: string() })) });

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function sandboxCardGateway(db: Db, clock: Clock, options: SandboxCardGatewayOptions = {}): SandboxCardGateway {
  const latencyMs = options.latencyMs ?? 0;
  const webhookKeys = options.webhookKeys ?? [];

  const paymentById = (id: string) =>
    db.selectFrom('sandbox_card_payments').selectAll().where('id', '=', id).executeTakeFirst();

  async function replay(request: AuthorizeRequest): Promise<CardAuthorization | undefined> {
    const row = await db
      .selectFrom('sandbox_card_payments')
      .selectAll()
      .where('idempotency_key', '=', request.idempotencyKey)
      .executeTakeFirst();
    if (!row) return undefined;
    if (!sameRequest(row, request)) {
      throw new CardGatewayRequestRefused('idempotencyKey was already used for a different payment');
    }
    return toAuthorization(row);
  }

  async function charge(request: AuthorizeRequest): Promise<CardAuthorization> {
    return db.transaction().execute(async (trx) => {
      const now = clock.now();
      const token = await trx
        .selectFrom('sandbox_card_tokens')
        .selectAll()
        .where('token', '=', request.token)
        .forUpdate()
        .executeTakeFirst();
      const live = token && token.used_at === null && token.expires_at > now ? token : undefined;
      if (live && !live.reusable) {
        await trx.updateTable('sandbox_card_tokens').set({ used_at: now }).where('token', '=', live.token).execute();
      }
      const outcome: Outcome = live
        ? outcomeFor(live, now)
        : { status: 'DECLINED', code: 'general_problem_with_payment_try_again', challenge: false };
      const row = await trx
        .insertInto('sandbox_card_payments')
        .values({
          id: newId('pay'),
          idempotency_key: request.idempotencyKey,
          token: request.token,
          amount: request.amount,
          currency: request.currency,
          reference: request.reference,
          return_url: request.returnUrl,
          billing_address: request.billingAddress ? JSON.stringify(keptAddress(request.billingAddress)) : null,
          ...outcome,
          brand: live?.brand ?? null,
          last4: live?.last4 ?? null,
          exp_month: live?.exp_month ?? null,
          exp_year: live?.exp_year ?? null,
          country: live?.country ?? null,
          created_at: now,
          updated_at: now,
          voided_at: null,
          refunded_at: null,
          refund_key: null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      // rolls back the token's use: the payment that won the race is the answer
      if (!row) throw new LostIdempotencyRace();
      return toAuthorization(row);
    });
  }

  async function challenge(paymentId: string): Promise<Challenge | undefined> {
    const row = await paymentById(paymentId);
    return row?.challenge ? { payment: toAuthorization(row), returnUrl: row.return_url } : undefined;
  }

  return {
    async tokenize(card) {
      const now = clock.now();
      if (isCardExpired(card.exp_month, card.exp_year, now)) {
        throw new ApiError('ValidationFailed', 'The card has expired', 'exp_month');
      }
      const digits = cardDigits(card.number);
      const brand = cardBrand(digits);
      const row = await db
        .insertInto('sandbox_card_tokens')
        .values({
          token: newId('tok'),
          behaviour: sandboxBehaviour(digits, brand),
          brand,
          last4: digits.slice(-4),
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          country: sandboxIssuerCountry(digits),
          holder_name: card.name.trim(),
          created_at: now,
          expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS),
          used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { token: row.token, card: cardOf(row), expiresAt: row.expires_at };
    },

    async storeCard(token) {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const spent = await trx
          .updateTable('sandbox_card_tokens')
          .set({ used_at: now })
          .where('token', '=', token)
          .where('reusable', '=', false)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returningAll()
          .executeTakeFirst();
        if (!spent) return undefined;
        const stored = await trx
          .insertInto('sandbox_card_tokens')
          .values({
            token: newId('tok'),
            behaviour: spent.behaviour,
            brand: spent.brand,
            last4: spent.last4,
            exp_month: spent.exp_month,
            exp_year: spent.exp_year,
            country: spent.country,
            holder_name: spent.holder_name,
            created_at: now,
            // a stored card lives until the end of its expiry month
            expires_at: new Date(Date.UTC(spent.exp_year, spent.exp_month, 1)),
            used_at: null,
            reusable: true,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { token: stored.token, card: cardOf(stored) };
      });
    },

    async forgetCard(token) {
      await db
        .updateTable('sandbox_card_tokens')
        .set({ used_at: clock.now() })
        .where('token', '=', token)
        .where('reusable', '=', true)
        .where('used_at', 'is', null)
        .execute();
    },

    async describeToken(token) {
      const row = await db
        .selectFrom('sandbox_card_tokens')
        .selectAll()
        .where('token', '=', token)
        .where('used_at', 'is', null)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      return row ? { card: cardOf(row), holderName: row.holder_name, expiresAt: row.expires_at } : undefined;
    },

    async authorize(request) {
      refuseMalformed(request);
      const answer = await replay(request).then(async (earlier) => {
        if (earlier) return earlier;
        try {
          return await charge(request);
        } catch (error) {
          if (!(error instanceof LostIdempotencyRace)) throw error;
          const winner = await replay(request);
          if (!winner) throw new Error('the payment that won the idempotency race is missing');
          return winner;
        }
      });
      if (latencyMs > 0) await pause(latencyMs);
      return answer;
    },

    async getPayment(paymentId) {
      const row = await paymentById(paymentId);
      return row ? toAuthorization(row) : undefined;
    },

    async void(paymentId) {
      const now = clock.now();
      // a challenge still open ends declined; an approval keeps its answer and is marked released
      const voided = await db
        .updateTable('sandbox_card_payments')
        .set((eb) => ({
          status: eb.case().when('status', '=', 'WAITING').then('DECLINED').else(eb.ref('status')).end(),
          code: eb.case().when('status', '=', 'WAITING').then('payment_was_not_authorised').else(eb.ref('code')).end(),
          voided_at: now,
          updated_at: now,
        }))
        .where('id', '=', paymentId)
        .where('status', 'in', ['WAITING', 'APPROVED'])
        .where('voided_at', 'is', null)
        .executeTakeFirst();
      if (voided.numUpdatedRows === 0n && !(await paymentById(paymentId))) {
        throw new CardGatewayRequestRefused(`unknown payment ${paymentId}`);
      }
    },

    async refund({ paymentId, amount, currency }, { idempotencyKey }) {
      const payment = await paymentById(paymentId);
      if (!payment) throw new CardGatewayRequestRefused(`unknown payment ${paymentId}`);
      if (payment.refund_key !== null) {
        if (payment.refund_key !== idempotencyKey) {
          throw new CardGatewayRequestRefused(`payment ${paymentId} was already refunded under another key`);
        }
        return;
      }
      if (payment.status !== 'APPROVED' || payment.voided_at !== null) {
        throw new CardGatewayRequestRefused(`payment ${paymentId} was never captured`);
      }
      if (currency !== payment.currency || amount <= 0n || amount > payment.amount) {
        throw new CardGatewayRequestRefused(
          `a refund of payment ${paymentId} must be of its currency, up to its amount`,
        );
      }
      await db
        .updateTable('sandbox_card_payments')
        .set({ refunded_at: clock.now(), refund_key: idempotencyKey, updated_at: clock.now() })
        .where('id', '=', paymentId)
        .where('refund_key', 'is', null)
        .execute();
    },

    challenge,

    name: 'sandbox',
    webhookSignatureHeader: CALLBACK_SIGNATURE_HEADER,
    webhookAcknowledgement: undefined,
    newCardAs: 'token',

    readNotifications(body, signature, now) {
      if (!callbackSignatureHoldsUnderAny(webhookKeys, body, signature, now)) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return undefined;
      }
      if (!is(parsed, SandboxNotifications)) return undefined;
      return parsed.notifications.map((item) => ({ id: item.id, paymentId: item.payment_id }));
    },

    notification(paymentId, now) {
      const [key] = webhookKeys;
      if (!key) throw new Error('the sandbox card gateway has no webhook key to sign with');
      const body = JSON.stringify({
        notifications: [{ id: `ntf_${randomBytes(12).toString('base64url')}`, payment_id: paymentId }],
      });
      return { body, signature: signCallback(key, body, now) };
    },

    async completeChallenge(paymentId, outcome) {
      const ended =
        outcome === 'success'
          ? { status: 'APPROVED', code: 'approved' }
          : { status: 'DECLINED', code: 'payment_was_not_authorised' };
      const row = await db
        .updateTable('sandbox_card_payments')
        .set({ ...ended, updated_at: clock.now() })
        .where('id', '=', paymentId)
        .where('challenge', '=', true)
        .where('status', '=', 'WAITING')
        .returningAll()
        .executeTakeFirst();
      return row ? { payment: toAuthorization(row), returnUrl: row.return_url } : challenge(paymentId);
    },
  };
}
