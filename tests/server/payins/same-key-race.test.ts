import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { awaitingTransfer, CARDS, ledgerKinds, newKey, pay, sender } from '../transfers/transfer-fixtures.ts';

/** PGlite has one connection, so calls cannot overlap inside the database: a few rounds there, the full 50 on PostgreSQL. */
const ROUNDS = { postgres: 50, pglite: 10 };
const PARALLEL = 5;

/**
 * A client that retries a pay call (a double click, a flaky connection)
 * sends the same Idempotency-Key again, possibly while the first is still
 * running. Every such call must answer what the first answered: on
 * PostgreSQL a late retry used to meet the transfer already funded and
 * answer 409 "not waiting for payment" to a customer who had been charged.
 */
describe.each(DATABASE_KINDS)('same-key pay calls in parallel on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  it(`answers ${PARALLEL} parallel calls with one key identically, ${ROUNDS[kind]} rounds, and charges once`, async () => {
    const s = await sender(t);
    const differing: string[] = [];
    for (let round = 0; round < ROUNDS[kind]; round += 1) {
      const ref = await awaitingTransfer(t, s);
      const card = await tokenize(t, { number: CARDS.approves });
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => pay(t, s.token, ref, card, key)));
      const seen = new Set(answers.map((answer) => JSON.stringify([answer.status, answer.body])));
      if (seen.size !== 1) {
        const summary = answers.map((answer) => `${answer.status} ${answer.body.errors?.[0]?.message ?? ''}`.trim());
        differing.push(`round ${round}: ${summary.join(', ')}`);
      }
      expect(answers[0]?.status).toBe(200);
      expect(answers[0]?.body.data.status).toBe('APPROVED');
      const charges = await t.deps.db
        .selectFrom('sandbox_card_payments')
        .select('id')
        .where('reference', '=', ref)
        .execute();
      expect(charges).toHaveLength(1);
      expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
    }
    expect(differing).toEqual([]);
  }, 120_000);
});
