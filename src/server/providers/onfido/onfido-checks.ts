import type { DefaultApi, Report, ReportName } from '@onfido/api';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { OnfidoChecksTable } from '../../db/tables/onfido.ts';

export interface CheckRequest {
  applicantId: string;
  customerReference: string;
  purpose: OnfidoChecksTable['purpose'];
  /** what it checks (a capture, a submission, a screening): one check each */
  reference: string;
  reports: readonly ReportName[];
  /** the documents to check; without them Onfido takes the applicant's latest */
  documentIds?: string[];
}

/** The check for `reference`, created at Onfido the first time and kept; asked again, the same check. */
export async function checkFor(db: Db, api: DefaultApi, clock: Clock, request: CheckRequest): Promise<string> {
  const known = async () =>
    db
      .selectFrom('onfido_checks')
      .select('check_id')
      .where('purpose', '=', request.purpose)
      .where('reference', '=', request.reference)
      .executeTakeFirst();
  const found = await known();
  if (found) return found.check_id;
  const { data } = await api.createCheck({
    applicant_id: request.applicantId,
    report_names: [...request.reports],
    ...(request.documentIds ? { document_ids: request.documentIds } : {}),
  });
  await db
    .insertInto('onfido_checks')
    .values({
      check_id: data.id,
      applicant_id: request.applicantId,
      customer_reference: request.customerReference,
      purpose: request.purpose,
      reference: request.reference,
      completed_at: null,
      created_at: clock.now(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await known())?.check_id ?? data.id;
}

/**
 * A check's reports once its signed `check.completed` webhook has come
 * (`completed_at`); undefined before, without asking Onfido, so a customer's
 * every page load does not poll it. Undefined too for a reference that is no
 * check of ours (a submission the sandbox took before Onfido was chosen):
 * it stays pending for a person to decide, and the customer's page still loads.
 */
export async function completedReports(db: Db, api: DefaultApi, checkId: string): Promise<Report[] | undefined> {
  const check = await db
    .selectFrom('onfido_checks')
    .select('completed_at')
    .where('check_id', '=', checkId)
    .executeTakeFirst();
  if (!check?.completed_at) return undefined;
  const { data } = await api.listReports(checkId);
  return data.reports;
}
