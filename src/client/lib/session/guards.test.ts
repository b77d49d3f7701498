import { describe, expect, it } from 'vitest';
import {
  areaNotAvailableAccess,
  entryRedirect,
  guestOnly,
  landingPath,
  onboardingStepAccess,
  postSignInHref,
  requireAgentCode,
  requireAuth,
  requireCardEnrollmentQuery,
  requireOnboarded,
  requirePreviousRoute,
  stepOfPath,
  verificationAccess,
} from './guards.ts';

describe('guards', () => {
  it('requireAuth keeps the full path as the redirect', () => {
    expect(requireAuth(false, '/transfers/TR-1?tab=details#fees')).toEqual({
      to: '/sign-in',
      search: { redirect: '/transfers/TR-1?tab=details#fees' },
    });
    expect(requireAuth(true, '/home')).toBeNull();
  });

  it('guestOnly sends the signed-in home', () => {
    expect(guestOnly(true)).toEqual({ to: '/home' });
    expect(guestOnly(false)).toBeNull();
  });

  it('requirePreviousRoute lets in a continuing flow or a bank-ID return', () => {
    expect(requirePreviousRoute(null)).toEqual({ to: '/country-of-residence' });
    expect(requirePreviousRoute('/country-of-residence')).toBeNull();
    expect(requirePreviousRoute(null, true)).toBeNull();
  });

  it('requireOnboarded sends a customer still onboarding to their step', () => {
    expect(requireOnboarded(null)).toBeNull();
    expect(requireOnboarded('registration-name')).toEqual({ to: '/registration-name' });
    expect(requireOnboarded('address-search')).toEqual({ to: '/address-search' });
  });

  it('landingPath is the first unanswered step, or home', () => {
    expect(landingPath('occupation')).toBe('/occupation');
    expect(landingPath(null)).toBe('/home');
  });

  it('stepOfPath names the step of a screen; /address belongs to address-search', () => {
    expect(stepOfPath('/registration-nationality')).toBe('registration-nationality');
    expect(stepOfPath('/address')).toBe('address-search');
    expect(stepOfPath('/ssn')).toBe('ssn');
    expect(stepOfPath('/home')).toBeNull();
  });

  it('onboardingStepAccess: home once onboarded, earlier steps open, later ones go to the current step', () => {
    expect(onboardingStepAccess(null, 'registration-name')).toEqual({ to: '/home' });
    expect(onboardingStepAccess('address-search', 'address-search')).toBeNull();
    expect(onboardingStepAccess('address-search', 'registration-name')).toBeNull();
    expect(onboardingStepAccess('registration-nationality', 'occupation')).toEqual({
      to: '/registration-nationality',
    });
    expect(onboardingStepAccess('occupation', 'ssn')).toEqual({ to: '/occupation' });
    expect(onboardingStepAccess('occupation', null)).toEqual({ to: '/occupation' });
  });

  it('areaNotAvailableAccess needs country-of-residence before it, or the link', () => {
    expect(areaNotAvailableAccess('/country-of-residence', false)).toBeNull();
    expect(areaNotAvailableAccess('/sign-in', true)).toBeNull();
    expect(areaNotAvailableAccess('/sign-in', false)).toEqual({ to: '/country-of-residence' });
    expect(areaNotAvailableAccess(null, false)).toEqual({ to: '/country-of-residence' });
  });

  it('requireAgentCode and requireCardEnrollmentQuery send to sign-in when a value is missing', () => {
    expect(requireAgentCode(undefined)).toEqual({ to: '/sign-in', search: {} });
    expect(requireAgentCode('')).toEqual({ to: '/sign-in', search: {} });
    expect(requireAgentCode('AG-1')).toBeNull();
    expect(requireCardEnrollmentQuery({ status: 'APPROVED', provider: 'sandbox' })).toEqual({
      to: '/sign-in',
      search: {},
    });
    expect(requireCardEnrollmentQuery({ status: 'APPROVED', provider: 'sandbox', routeName: 'wallets' })).toBeNull();
  });

  it('verificationAccess is for visitors with a country', () => {
    expect(verificationAccess(true, 'SE')).toEqual({ to: '/home' });
    expect(verificationAccess(false, null)).toEqual({ to: '/country-of-residence' });
    expect(verificationAccess(false, 'SE')).toBeNull();
  });

  it('entryRedirect opens home or sign-in', () => {
    expect(entryRedirect(true)).toEqual({ to: '/home' });
    expect(entryRedirect(false)).toEqual({ to: '/sign-in', search: {} });
  });
});

describe('postSignInHref', () => {
  it('returns an in-app redirect with its query and hash', () => {
    expect(postSignInHref('/transfers?page=2#top')).toBe('/transfers?page=2#top');
    expect(postSignInHref('/send-money/pay/TR-1')).toBe('/send-money/pay/TR-1');
  });

  it('falls back to home for anything that is not a path in this app', () => {
    for (const redirect of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'transfers',
      '/sign-in?redirect=/home',
    ]) {
      expect(postSignInHref(redirect), String(redirect)).toBe('/home');
    }
  });
});
