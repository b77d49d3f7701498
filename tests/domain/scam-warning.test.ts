import { describe, expect, it } from 'vitest';
import { PURPOSES_OF_TRANSACTION } from '../../src/domain/purposes.ts';
import { scamWarningFor } from '../../src/domain/scam-warning.ts';

const paying = (purpose: (typeof PURPOSES_OF_TRANSACTION)[number], beneficiary = 'ben_new') => ({
  trans_ref: 'SR0000000A',
  purpose,
  beneficiary: { id: beneficiary },
});
const earlier = (trans_ref: string, beneficiary: string, funded_at: string | null) => ({
  trans_ref,
  funded_at,
  beneficiary: { id: beneficiary },
});

describe('the scam warning before paying', () => {
  it('warns on the first payment to a recipient for an investment, a loan or a medical emergency', () => {
    expect(scamWarningFor(paying('fund_investment'), [])).toBe('investment');
    expect(scamWarningFor(paying('shares_investment'), [])).toBe('investment');
    expect(scamWarningFor(paying('loan'), [])).toBe('loan');
    expect(scamWarningFor(paying('repayment_of_loan'), [])).toBe('loan');
    expect(scamWarningFor(paying('medical_support'), [])).toBe('emergency');
  });

  it('says nothing for the everyday purposes', () => {
    const quiet = PURPOSES_OF_TRANSACTION.filter((p) => scamWarningFor(paying(p), []) === null);
    expect(quiet).toContain('family_support');
    expect(quiet).toContain('education');
    expect(quiet).toHaveLength(PURPOSES_OF_TRANSACTION.length - 7);
  });

  it('says nothing once the recipient has been paid before, but counts neither unpaid transfers nor this one', () => {
    expect(scamWarningFor(paying('loan', 'ben_1'), [earlier('SR0000000B', 'ben_1', '2026-11-01T10:00:00Z')])).toBe(
      null,
    );
    expect(scamWarningFor(paying('loan', 'ben_1'), [earlier('SR0000000B', 'ben_1', null)])).toBe('loan');
    expect(scamWarningFor(paying('loan', 'ben_1'), [earlier('SR0000000B', 'ben_2', '2026-11-01T10:00:00Z')])).toBe(
      'loan',
    );
    expect(scamWarningFor(paying('loan', 'ben_1'), [earlier('SR0000000A', 'ben_1', '2026-11-01T10:00:00Z')])).toBe(
      'loan',
    );
  });
});
