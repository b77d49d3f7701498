import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from '../../src/server/http/page-locale.ts';

describe('acceptedLanguages', () => {
  it('orders the tags by weight, keeping the header order among equals', () => {
    expect(acceptedLanguages('de-DE,sv;q=0.8,en;q=0.5')).toEqual(['de-DE', 'sv', 'en']);
    expect(acceptedLanguages('en;q=0.2, so-KE, sv;q=0.9')).toEqual(['so-KE', 'sv', 'en']);
    expect(acceptedLanguages('so, sv')).toEqual(['so', 'sv']);
  });

  it('drops refused, wildcard and malformed parts, and reads nothing from a missing header', () => {
    expect(acceptedLanguages('sv;q=0, *;q=0.5, ;q=1, en;q=abc, so')).toEqual(['so']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
