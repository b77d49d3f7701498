import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ladderThresholds, stepDone, stepsNeeded } from '../../src/domain/verification-ladder.ts';
import { applyEvent, INITIAL_STATE, type VerificationEvent } from '../../src/domain/verification-machine.ts';

const GB_LIMIT = 25_000_00n;

const after = (...events: VerificationEvent[]) => events.reduce(applyEvent, INITIAL_STATE);
const checked = (identity: boolean, address: boolean, watchlistHit = false) =>
  after({ type: 'checks_started' }, { type: 'database_checked', identity, address, watchlistHit });

describe('the risk-based ladder', () => {
  it('asks in the UK for an identity document above £1,000 a year and proof of funds above £10,000', () => {
    expect(ladderThresholds(GB_LIMIT)).toEqual({ identityDocumentAbove: 1_000_00n, sourceOfFundsAbove: 10_000_00n });
    expect(stepsNeeded(GB_LIMIT, 0n, 100_00n)).toEqual(['identity_checks']);
    expect(stepsNeeded(GB_LIMIT, 900_00n, 100_00n)).toEqual(['identity_checks']);
    expect(stepsNeeded(GB_LIMIT, 900_00n, 100_01n)).toEqual(['identity_checks', 'identity_document']);
    expect(stepsNeeded(GB_LIMIT, 0n, 9_027_00n)).toEqual(['identity_checks', 'identity_document']);
    expect(stepsNeeded(GB_LIMIT, 9_000_00n, 1_000_01n)).toEqual([
      'identity_checks',
      'identity_document',
      'source_of_funds',
    ]);
  });

  it('never asks for less when more is sent', () => {
    const minor = fc.bigInt({ min: 0n, max: 10_000_000_00n });
    fc.assert(
      fc.property(minor, minor, minor, minor, (limit, used, amount, more) => {
        const fewer = stepsNeeded(limit, used, amount);
        const larger = stepsNeeded(limit, used, amount + more);
        for (const step of fewer) expect(larger).toContain(step);
        expect(larger[0]).toBe('identity_checks');
      }),
    );
  });

  it('the identity checks are done only once the database checks passed and nothing is held', () => {
    expect(stepDone(INITIAL_STATE, 'identity_checks')).toBe(false);
    expect(stepDone(after({ type: 'checks_started' }), 'identity_checks')).toBe(false);
    expect(stepDone(checked(true, true), 'identity_checks')).toBe(true);
    expect(stepDone(checked(true, true, true), 'identity_checks')).toBe(false);
    expect(stepDone(checked(false, true), 'identity_checks')).toBe(false);
    const idPassed = applyEvent(
      applyEvent(checked(false, true), { type: 'document_submitted', document: 'identity' }),
      {
        type: 'document_decided',
        document: 'identity',
        passed: true,
      },
    );
    expect(stepDone(idPassed, 'identity_checks')).toBe(true);
    expect(stepDone(idPassed, 'identity_document')).toBe(true);
    expect(stepDone(checked(true, true), 'identity_document')).toBe(false);
    expect(stepDone(checked(true, true), 'source_of_funds')).toBe(false);
  });
});
