import { describe, expect, it } from 'vitest';
import { nextScreen } from './oauth-links.ts';

const link = (relation: string) => ({ href: `/api/oauth/${relation}`, method: 'POST' as const });

describe('nextScreen', () => {
  it('opens the code screen of the channel the answer links to', () => {
    expect(nextScreen({ 'email/check': link('email/check'), 'email/reset': link('email/reset') })).toBe(
      '/email-verification',
    );
    expect(nextScreen({ 'otp/reset': link('otp/reset'), 'otp/check': link('otp/check') })).toBe('/phone-verification');
  });

  it('opens the bank-ID return screen for a bank-ID check', () => {
    expect(nextScreen({ 'bankid/check': link('bankid/check'), 'bankid/reset': link('bankid/reset') })).toBe(
      '/nets-success',
    );
  });

  it('refuses an answer that links to no step, or only to an action', () => {
    expect(() => nextScreen({})).toThrow(/no next step: none/);
    expect(() => nextScreen({ 'email/reset': link('email/reset') })).toThrow(/no next step: email\/reset/);
  });
});
