import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { leavesRegistration } from '../features/onboarding/registration-flow.ts';
import { pageTitle } from '../features/page-title/page-title.ts';
import { pathDepth, slideTransition } from '../features/page-transition/transition-types.ts';

describe('page transitions', () => {
  it('measure path depth by segments', () => {
    expect(pathDepth('/')).toBe(0);
    expect(pathDepth('/transfers')).toBe(1);
    expect(pathDepth('/transfers/TR-1/')).toBe(2);
  });

  it('slide forward going deeper, back going up, not at all sideways', () => {
    expect(slideTransition('/transfers', '/transfers/TR-1', false)).toEqual(['slide-forward']);
    expect(slideTransition('/send-money/quote', '/transfers', false)).toEqual(['slide-back']);
    expect(slideTransition('/home', '/transfers', false)).toBe(false);
    expect(slideTransition(undefined, '/home', false)).toBe(false);
  });

  it('never slide when the user asks for reduced motion', () => {
    expect(slideTransition('/transfers', '/transfers/TR-1', true)).toBe(false);
  });
});

describe('page title', () => {
  const i18n = setupI18n({ locale: 'en-GB', messages: { 'en-GB': {} } });

  it('is the deepest titled route plus the brand', () => {
    const matches: Parameters<typeof pageTitle>[1] = [
      { staticData: {}, params: {} },
      { staticData: { title: msg`Transfers` }, params: {} },
      { staticData: { title: msg`Update payout details` }, params: { transactionReference: 'TR-1' } },
      { staticData: {}, params: {} },
    ];
    expect(pageTitle(i18n, matches)).toBe('Update payout details | Sarraf');
  });

  it('can depend on the route parameters', () => {
    const title = ({ status }: Record<string, string>) =>
      status === 'success' ? msg`Card verified` : msg`Card not verified`;
    expect(pageTitle(i18n, [{ staticData: { title }, params: { status: 'success' } }])).toBe('Card verified | Sarraf');
    expect(pageTitle(i18n, [{ staticData: { title }, params: { status: 'failure' } }])).toBe(
      'Card not verified | Sarraf',
    );
  });

  it('falls back to the default text', () => {
    expect(pageTitle(i18n, [{ staticData: {}, params: {} }])).toBe(
      'Trusted global money transfers and instant chat | Sarraf',
    );
  });
});

describe('leaving a registration', () => {
  it('is going anywhere but another step or home once the steps are done', () => {
    expect(leavesRegistration('/registration-nationality')).toBe(false);
    expect(leavesRegistration('/address')).toBe(false);
    expect(leavesRegistration('/ssn')).toBe(false);
    expect(leavesRegistration('/home')).toBe(false);
    expect(leavesRegistration('/email-verification')).toBe(true);
    expect(leavesRegistration('/country-of-residence')).toBe(true);
    expect(leavesRegistration('/registration')).toBe(true);
    expect(leavesRegistration('/sign-in')).toBe(true);
  });
});
