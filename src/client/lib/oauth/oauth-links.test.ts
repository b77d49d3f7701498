import { describe, expect, it } from 'vitest';
import { oauthApi } from '../../../domain/contract/oauth.ts';
import { linkedCodeCall, nextScreen } from './oauth-links.ts';

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

describe('linkedCodeCall', () => {
  it('follows the link of the action to the server that gave it', () => {
    const links = { 'otp/check': link('otp/check'), 'otp/reset': link('otp/reset') };
    expect(linkedCodeCall(links, 'check', 'https://se.sarraf.example/api/oauth')).toEqual({
      entry: oauthApi.checkPhoneCode,
      href: 'https://se.sarraf.example/api/oauth/otp/check',
    });
    expect(linkedCodeCall(links, 'reset', '/api/oauth')).toEqual({
      entry: oauthApi.resendPhoneCode,
      href: `${location.origin}/api/oauth/otp/reset`,
    });
  });

  it('finds no new code once the answer links to none', () => {
    expect(linkedCodeCall({ 'email/check': link('email/check') }, 'reset', '/api/oauth')).toBeNull();
    expect(linkedCodeCall({ 'email/check': link('email/check') }, 'check', '/api/oauth')?.entry).toBe(
      oauthApi.checkEmailCode,
    );
  });
});
