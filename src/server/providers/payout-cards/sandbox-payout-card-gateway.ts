import { createHmac, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { PayoutCardTokenRequest } from '../../../domain/contract/payout-cards.ts';
import { CARD_BRANDS, cardBrand, cardDigits, isCardExpired } from '../../../domain/payments.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { SandboxPayoutCardsTable } from '../../db/tables/payout-cards.ts';
import { ApiError } from '../../http/api-error.ts';
import { sandboxIssuerCountry } from '../card-gateway/sandbox-test-cards.ts';
import type { PayoutCard, PayoutCardGateway } from './payout-card-gateway.ts';

const TOKEN_LIFETIME_MS = 15 * 60_000;
/** Where the sandbox app serves the tokenization endpoint (sandbox base + sandbox-payout-card-routes.ts). */
const SANDBOX_TOKENIZE_URL = '/sandbox/payout-cards/tokens';
/** The sandbox's own fingerprint key: fingerprints only need to be stable within the sandbox. */
const FINGERPRINT_KEY = 'sandbox-payout-card-fingerprint';

/**
 * Documented sandbox payout cards whose bank holds them in a fixed name, so
 * a recipient of another name can be tried (README, sandbox section); every
 * other card is held in the name the customer gave.
 */
export const SANDBOX_PAYOUT_CARD_HOLDERS: Readonly<Record<string, { name: string; country: string }>> = {
  '4000040400000012': { name: 'Wanjiru Kamau', country: 'KE' },
};

type Row = Selectable<SandboxPayoutCardsTable>;

function payoutCardOf(row: Row): PayoutCard {
  const brand = CARD_BRANDS.find((b) => b === row.brand);
  if (!brand) throw new Error(`unknown card brand in sandbox payout gateway: ${row.brand}`);
  return {
    token: row.token,
    card: { brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, country: row.country },
    holderName: row.holder_name,
    fingerprint: row.fingerprint,
  };
}

export interface IssuedPayoutToken {
  token: string;
  card: PayoutCard['card'];
  expiresAt: Date;
}

/** The sandbox card payout gateway: the merchant-facing seam plus the tokenization its own endpoint serves. */
export interface SandboxPayoutCardGateway extends PayoutCardGateway {
  /** Tokenize a card the browser sent; throws a ValidationFailed ApiError for an expired card. */
  tokenize(card: PayoutCardTokenRequest): Promise<IssuedPayoutToken>;
}

export function sandboxPayoutCardGateway(db: Db, clock: Clock): SandboxPayoutCardGateway {
  const byToken = (token: string) =>
    db.selectFrom('sandbox_payout_cards').selectAll().where('token', '=', token).executeTakeFirst();

  return {
    tokenizeUrl: SANDBOX_TOKENIZE_URL,

    async tokenize(card) {
      const now = clock.now();
      if (isCardExpired(card.exp_month, card.exp_year, now)) {
        throw new ApiError('ValidationFailed', 'The card has expired', 'exp_month');
      }
      const digits = cardDigits(card.number);
      const held = SANDBOX_PAYOUT_CARD_HOLDERS[digits];
      const row = await db
        .insertInto('sandbox_payout_cards')
        .values({
          token: `ptk_${randomBytes(18).toString('base64url')}`,
          kind: 'single_use',
          kept_as: null,
          fingerprint: createHmac('sha256', FINGERPRINT_KEY).update(digits).digest('base64url'),
          brand: cardBrand(digits),
          last4: digits.slice(-4),
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          country: held?.country ?? sandboxIssuerCountry(digits),
          holder_name: held?.name ?? card.name.trim(),
          created_at: now,
          expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { token: row.token, card: payoutCardOf(row).card, expiresAt: row.expires_at };
    },

    async keep(singleUseToken) {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const issued = await trx
          .selectFrom('sandbox_payout_cards')
          .selectAll()
          .where('token', '=', singleUseToken)
          .where('kind', '=', 'single_use')
          .forUpdate()
          .executeTakeFirst();
        if (!issued) return undefined;
        if (issued.kept_as !== null) {
          const kept = await trx
            .selectFrom('sandbox_payout_cards')
            .selectAll()
            .where('token', '=', issued.kept_as)
            .executeTakeFirstOrThrow();
          return payoutCardOf(kept);
        }
        if (issued.expires_at <= now) return undefined;
        const stored = await trx
          .insertInto('sandbox_payout_cards')
          .values({
            ...issued,
            token: `pcd_${randomBytes(18).toString('base64url')}`,
            kind: 'stored',
            kept_as: null,
            created_at: now,
            // kept until the end of its expiry month
            expires_at: new Date(Date.UTC(issued.exp_year, issued.exp_month, 1)),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('sandbox_payout_cards')
          .set({ kept_as: stored.token })
          .where('token', '=', issued.token)
          .execute();
        return payoutCardOf(stored);
      });
    },

    async describe(storedToken) {
      const row = await byToken(storedToken);
      return row?.kind === 'stored' ? payoutCardOf(row) : undefined;
    },
  };
}
