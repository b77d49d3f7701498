import { describe, expect, it } from 'vitest';
import { legalNotice, US_STATES_WITH_NOTICE } from '../../src/domain/legal-notice.ts';

describe('the legal notice', () => {
  it('is the UK e-money notice for the United Kingdom', () => {
    expect(legalNotice('GB')).toEqual({ region: 'uk' });
    expect(legalNotice('gb')).toEqual({ region: 'uk' });
  });

  it('is the EU notice anywhere in the EEA, Norway and Iceland included', () => {
    for (const country of ['SE', 'BE', 'DK', 'PL', 'IT', 'FR', 'HR', 'NO', 'IS', 'LI']) {
      expect(legalNotice(country), country).toEqual({ region: 'eu' });
    }
  });

  it("is Canada's own for Canada", () => {
    expect(legalNotice('CA')).toEqual({ region: 'ca' });
  });

  it("is a state's own text in the six states that have one", () => {
    for (const state of US_STATES_WITH_NOTICE) expect(legalNotice('US', state)).toEqual({ region: 'us', state });
    expect(legalNotice('us', 'mn')).toEqual({ region: 'us', state: 'MN' });
    expect(US_STATES_WITH_NOTICE).toEqual(['IA', 'MN', 'NE', 'ND', 'SD', 'WI']);
  });

  it('is the shared US text in every other state, and before the state is known', () => {
    for (const state of ['TX', 'CA', 'NY', 'DC', 'MI']) {
      expect(legalNotice('US', state), state).toEqual({ region: 'us', state: null });
    }
    expect(legalNotice('US', null)).toEqual({ region: 'us', state: null });
  });

  it('never takes a state outside the US', () => {
    expect(legalNotice('GB', 'MN')).toEqual({ region: 'uk' });
  });

  it('shows both European notices where the country is unknown or served by neither entity', () => {
    expect(legalNotice(null)).toEqual({ region: 'other' });
    expect(legalNotice('CH')).toEqual({ region: 'other' });
    expect(legalNotice('SO')).toEqual({ region: 'other' });
  });
});
