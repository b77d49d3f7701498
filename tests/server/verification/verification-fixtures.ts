import { expect } from 'vitest';
import { registerCustomer } from '../../support/register-customer.ts';
import type { TestApp } from '../../support/test-app.ts';

export const MAIN = '/api/main';

export interface Person {
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
}

/** A customer registered and taken through every onboarding step; returns their session token and id. */
export async function onboardedCustomer(t: TestApp, person: Person): Promise<{ token: string; id: string }> {
  const c = await registerCustomer(t, { country: 'GB' });
  await completeOnboarding(t, c.token, person);
  return { token: c.token, id: c.user.id };
}

/** The answers to the onboarding steps after the name, for a GB customer. */
export const onboardingAnswers = (dateOfBirth = '1990-05-17') => [
  { nationality: 'SO' },
  { date_of_birth: dateOfBirth },
  { address: { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1AZ', province: null } },
  { occupation: 'Nurse' },
  { reason_of_usage: 'family_support', purpose_of_account: 'family_and_friends' },
];

/** Every onboarding step of a GB customer: what the verification ladder asks before any transfer. */
export async function completeOnboarding(
  t: TestApp,
  token: string,
  { firstName, lastName, dateOfBirth = '1990-05-17' }: Person,
): Promise<void> {
  const call = (path: string, body: unknown) => t.call('POST', `${MAIN}${path}`, { token, body });
  expect((await call('/remit/remitter/create', { first_name: firstName, surname: lastName })).status).toBe(201);
  for (const body of onboardingAnswers(dateOfBirth)) {
    const res = await call('/remit/remitter/update', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

export async function userData(t: TestApp, token: string) {
  const res = await t.call('POST', `${MAIN}/user/get`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export function movesOf(t: TestApp, customerId: string) {
  return t.deps.db
    .selectFrom('verification_moves')
    .select(['from_status', 'to_status', 'actor', 'reason'])
    .where('customer_id', '=', customerId)
    .orderBy('seq')
    .execute();
}
