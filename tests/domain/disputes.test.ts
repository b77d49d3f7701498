import { describe, expect, it } from 'vitest';
import { DISPUTE_STATES, disputableUntil, disputeMoveAllowed } from '../../src/domain/disputes.ts';

describe('disputes', () => {
  it('run OPEN → UNDER_REVIEW → RESOLVED and never back', () => {
    const allowed = DISPUTE_STATES.flatMap((from) =>
      DISPUTE_STATES.filter((to) => disputeMoveAllowed(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['OPEN→UNDER_REVIEW', 'OPEN→RESOLVED', 'UNDER_REVIEW→RESOLVED']);
  });

  it('may be opened until 180 days after the money was available, else after paying; never unpaid', () => {
    const funded = new Date('2026-01-01T10:00:00Z');
    const paid = new Date('2026-01-02T10:00:00Z');
    expect(disputableUntil({ funded_at: funded, paid_at: paid })?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(disputableUntil({ funded_at: funded, paid_at: null })?.toISOString()).toBe('2026-06-30T10:00:00.000Z');
    expect(disputableUntil({ funded_at: null, paid_at: null })).toBeNull();
  });
});
