import { describe, expect, it } from 'vitest';
import { user } from '../../testing/auth-fixtures.ts';
import { currentUserOf } from './user-data.ts';

describe('currentUserOf', () => {
  it('offers "Sign in with bank ID" only where bank ID signs in and the number is not verified yet (SPEC §2)', () => {
    const swedish = { iso2: 'SE', currency: 'SEK', bankIdLogin: true };
    expect(currentUserOf(user({ sourceCountry: swedish })).offersBankIdSignIn).toBe(true);
    expect(
      currentUserOf(user({ sourceCountry: swedish, personalIdentityNumberVerified: true })).offersBankIdSignIn,
    ).toBe(false);
    expect(currentUserOf(user()).offersBankIdSignIn).toBe(false);
  });
});
