import { setupI18n } from '@lingui/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../api/api-failure.ts';
import {
  checkChangePassword,
  checkCode,
  checkNewPassword,
  checkRegistration,
  checkSignIn,
  normaliseCode,
  REGISTRATION_FIELDS,
} from './account-form-checks.ts';
import { serverFieldErrors } from './field-errors.ts';
import { loadMobileRule } from './mobile-rule.ts';
import { showText } from './rule-text.ts';

const english = setupI18n({ locale: 'en-GB', messages: { 'en-GB': {} } });
const texts = (errors: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, showText(english, text as string)]));

const contact = { method: 'email', email: 'amina@example.com', mobile: '', country: 'GB' } as const;
const valid = { ...contact, password: 'salaam1', acceptTerms: true, acceptPrivacy: true };
const byPhone = { ...valid, method: 'phone', email: '', mobile: '07911 123456' } as const;

describe('registration checks', () => {
  it('pass a valid e-mail, a good password and both consents', () => {
    expect(checkRegistration(valid)).toEqual({});
    expect(checkRegistration({ ...valid, email: '  amina@example.com ' })).toEqual({});
  });

  it('name every missing field', () => {
    expect(
      texts(checkRegistration({ ...contact, email: '', password: '', acceptTerms: false, acceptPrivacy: false })),
    ).toEqual({
      email: 'Enter your e-mail address',
      password: 'Enter your password',
      accept_terms: 'Accept the terms and conditions to continue',
      accept_privacy: 'Accept the privacy policy to continue',
    });
  });

  it('refuse a malformed e-mail', () => {
    for (const email of ['amina', 'amina@', 'amina@example', 'a b@example.com']) {
      expect(texts(checkRegistration({ ...valid, email })), email).toEqual({
        email: 'Enter a valid e-mail address, like name@example.com',
      });
    }
  });

  it('hold the password to SPEC §5: a number, a letter, at least 6 characters', () => {
    for (const password of ['abc12', 'abcdef', '123456']) {
      expect(texts(checkRegistration({ ...valid, password })), password).toEqual({
        password: 'A number and letter, and at least 6 characters.',
      });
    }
    expect(checkRegistration({ ...valid, password: 'åäö123' })).toEqual({});
  });
});

describe('a mobile number typed before its rule has loaded', () => {
  it('is left to the server, which checks it by the same rule', async () => {
    // a fresh copy of the module: another test file in this worker may have loaded the rule already
    vi.resetModules();
    const fresh = await import('./account-form-checks.ts');
    expect(fresh.checkSignIn({ ...contact, method: 'phone', mobile: '12', password: 'x' })).toEqual({});
  });
});

describe('the phone field', () => {
  beforeAll(loadMobileRule);

  it('takes a mobile number of the country, with or without its country code', () => {
    expect(checkRegistration(byPhone)).toEqual({});
    expect(checkRegistration({ ...byPhone, mobile: '+44 7911 123456' })).toEqual({});
    expect(checkRegistration({ ...byPhone, mobile: '(07911) 123-456' })).toEqual({});
  });

  it.each([
    ['', 'Enter your mobile number'],
    ['07911', 'The mobile number is too short'],
    ['+44 7911 1234567890123', 'The mobile number is too long'],
    ['07911 12345a', 'Enter the mobile number with digits only'],
    ['+46 70 123 45 67', 'Enter a mobile number with the country code of your country of residence'],
    ['020 7946 0958', 'Enter a valid mobile number'],
  ])('refuses %j on the mobile field only', (mobile, message) => {
    expect(texts(checkRegistration({ ...byPhone, mobile }))).toEqual({ mobile: message });
  });

  it('at sign-in without a country, needs the country code', () => {
    const signIn = { ...byPhone, country: undefined, password: 'x' };
    expect(texts(checkSignIn(signIn))).toEqual({ mobile: 'Start the mobile number with its country code, like +46' });
    expect(checkSignIn({ ...signIn, mobile: '+46 70 123 45 67' })).toEqual({});
  });
});

describe('sign-in checks', () => {
  it('need a valid e-mail and a password, whatever its strength', () => {
    expect(checkSignIn({ ...contact, email: 'amina@example.com', password: 'x' })).toEqual({});
    expect(texts(checkSignIn({ ...contact, email: 'amina', password: '' }))).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com',
      password: 'Enter your password',
    });
  });
});

describe('code checks', () => {
  it('take six digits, spaces between groups ignored', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(checkCode('123 456')).toEqual({});
    for (const code of ['', '12345', '1234567', '12a456']) {
      expect(texts(checkCode(code)), code).toEqual({ code: 'Enter the 6-digit code we sent you' });
    }
  });
});

describe('server field errors', () => {
  const failure = (...errors: [string, string, string | null][]) =>
    new ApiFailure(
      409,
      'req-1',
      errors.map(([type, message, propertyPath]) => ({ type, message, propertyPath })) as [
        { type: string; message: string; propertyPath: string | null },
      ],
    );

  it('land on the field their property path names, translated when the text is known', () => {
    const errors = serverFieldErrors(
      failure(['CustomerAlreadyExists', 'An account with this e-mail already exists. Sign in instead.', '[email]']),
      REGISTRATION_FIELDS,
    );
    expect(texts(errors ?? {})).toEqual({ email: 'An account with this e-mail already exists.' });
  });

  it("keep the server's words when there is no translation", () => {
    const errors = serverFieldErrors(failure(['ValidationFailed', 'Something new', 'password']), REGISTRATION_FIELDS);
    expect(errors).toEqual({ password: 'Something new' });
  });

  it('answer null when no error names a field of the form', () => {
    expect(serverFieldErrors(failure(['InvalidCountry', 'No', 'country']), REGISTRATION_FIELDS)).toBeNull();
    expect(serverFieldErrors(failure(['OpsSomethingWentWrong', 'Oops', null]), REGISTRATION_FIELDS)).toBeNull();
  });
});

describe('password checks', () => {
  it('want a new password that follows the rule and is confirmed', () => {
    expect(checkNewPassword('salaam1', 'salaam1')).toEqual({});
    expect(texts(checkNewPassword('salaam', 'salaam'))).toEqual({
      password: 'A number and letter, and at least 6 characters.',
    });
    expect(texts(checkNewPassword('salaam1', 'salaam2'))).toEqual({ confirm_password: 'The passwords do not match' });
  });

  it('want the current password, and a new one that differs from it', () => {
    expect(
      checkChangePassword({ oldPassword: 'old-pass1', newPassword: 'new-pass1', confirmation: 'new-pass1' }),
    ).toEqual({});
    expect(
      texts(checkChangePassword({ oldPassword: '', newPassword: 'new-pass1', confirmation: 'new-pass1' })),
    ).toEqual({
      old_password: 'Enter your current password',
    });
    expect(
      texts(checkChangePassword({ oldPassword: 'same-pass1', newPassword: 'same-pass1', confirmation: 'same-pass1' })),
    ).toEqual({ new_password: 'The new password must be different from the old one' });
  });

  it('show the tries left the API tells of a wrong code', () => {
    const failure = new ApiFailure(422, 'req-1', [
      {
        type: 'CodeMismatch',
        message: 'The verification code is incorrect. 3 tries left.',
        propertyPath: 'code',
      },
    ]);
    const errors = serverFieldErrors(failure, ['code'] as const);
    // a message of ours, translated at render, rather than the server's English words
    expect(typeof errors?.code).not.toBe('string');
    expect(texts(errors ?? {})).toEqual({ code: 'The verification code is incorrect. 3 tries left.' });
  });
});
