import type { DefaultApi } from '@onfido/api';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';

export interface ApplicantPerson {
  /** our reference for the customer at the providers (`kyc_user_reference`) */
  customerReference: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`, when known: the watchlist screens by it */
  dateOfBirth?: string;
}

/**
 * The customer's Onfido applicant: made at the first need and kept, so the
 * screening, the capture and every upload are one applicant's checks. Two
 * requests that both make one keep the first stored (the other is left
 * unused at Onfido, which deletes unused applicants by its retention rule).
 */
export async function applicantFor(db: Db, api: DefaultApi, clock: Clock, person: ApplicantPerson): Promise<string> {
  const known = await db
    .selectFrom('onfido_applicants')
    .select('applicant_id')
    .where('customer_reference', '=', person.customerReference)
    .executeTakeFirst();
  if (known) return known.applicant_id;
  const { data } = await api.createApplicant({
    first_name: person.firstName,
    last_name: person.lastName,
    ...(person.dateOfBirth ? { dob: person.dateOfBirth } : {}),
  });
  await db
    .insertInto('onfido_applicants')
    .values({ customer_reference: person.customerReference, applicant_id: data.id, created_at: clock.now() })
    .onConflict((oc) => oc.column('customer_reference').doNothing())
    .execute();
  const stored = await db
    .selectFrom('onfido_applicants')
    .select('applicant_id')
    .where('customer_reference', '=', person.customerReference)
    .executeTakeFirstOrThrow();
  return stored.applicant_id;
}
