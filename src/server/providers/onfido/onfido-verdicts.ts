import type { Report } from '@onfido/api';
import type { DocumentDecision } from '../identity-documents/document-provider.ts';

/** The reports a document check asks for: the document itself, and the selfie against its photo. */
export const DOCUMENT_REPORTS = ['document', 'facial_similarity_photo'] as const;
/** The report the automatic checks' screening asks for: sanctions, PEP and adverse-media lists. */
export const WATCHLIST_REPORTS = ['watchlist_standard'] as const;
/** The report the two-plus-two database check asks for: name, date of birth and address against credit and other records. */
export const DATABASE_REPORTS = ['identity_enhanced'] as const;

/** Why a document check failed, in words for the customer, by the report that refused and its sub-result. */
export const ONFIDO_REFUSALS = {
  documentRejected:
    'We could not accept the document: it could not be read, has expired, or is not one we take. Take new photos of a valid document in good light with all four corners in view.',
  documentSuspected: 'We could not verify the document. Contact support to finish your verification.',
  documentCaution: 'We could not verify some details on the document. Take new photos of it, or use another document.',
  faceMismatch:
    'Your selfie did not match the photo on the document. Take a new selfie in good light, facing the camera, with nothing covering your face.',
} as const;

type Named<N extends Report['name']> = Extract<Report, { name: N }>;

function reportNamed<N extends Report['name']>(reports: readonly Report[], name: N): Named<N> | undefined {
  return reports.find((report): report is Named<N> => report.name === name);
}

/** Whether every report asked for has come back and is complete (not awaiting data or approval). */
function allComplete(reports: readonly Report[], asked: readonly string[]): boolean {
  return asked.every((name) => reports.some((report) => report.name === name && report.status === 'complete'));
}

/**
 * A document check's verdict from its reports (SPEC §4's identity document
 * step): both clear passes it; a document or selfie to consider fails it,
 * with the reason the customer sees; any report not yet complete (a
 * manual review at Onfido) leaves it pending.
 */
export function documentVerdict(reports: readonly Report[]): DocumentDecision {
  if (!allComplete(reports, DOCUMENT_REPORTS)) return { outcome: 'pending' };
  const document = reportNamed(reports, 'document');
  const face = reportNamed(reports, 'facial_similarity_photo');
  if (document?.result !== 'clear') {
    const reason =
      document?.sub_result === 'suspected'
        ? ONFIDO_REFUSALS.documentSuspected
        : document?.sub_result === 'caution'
          ? ONFIDO_REFUSALS.documentCaution
          : ONFIDO_REFUSALS.documentRejected;
    return { outcome: 'failed', reason };
  }
  if (face?.result !== 'clear') return { outcome: 'failed', reason: ONFIDO_REFUSALS.faceMismatch };
  return { outcome: 'passed' };
}

/**
 * A screening's verdict: `consider` (a possible match on a list) is a hit,
 * held for a compliance review; `clear` is none; undefined while the report
 * is not complete. An unknown result is taken as a hit, never as clear.
 */
export function watchlistVerdict(reports: readonly Report[]): { hit: boolean } | undefined {
  if (!allComplete(reports, WATCHLIST_REPORTS)) return undefined;
  return { hit: reportNamed(reports, 'watchlist_standard')?.result !== 'clear' };
}

/**
 * The database check's findings from its Identity Enhanced report's
 * breakdown: the identity is confirmed when its sources matched the name
 * with the date of birth (`date_of_birth`) and the person is in no
 * mortality list; the address when they matched the name with the current
 * address (`address`). Onfido's overall `result` (its own 2+2 rule in the
 * UK, one address match elsewhere) is not what decides: each half is asked
 * for by document on its own. Undefined while the report is not complete;
 * a breakdown missing or in any other state confirms nothing.
 */
export function databaseVerdict(reports: readonly Report[]): { identity: boolean; address: boolean } | undefined {
  if (!allComplete(reports, DATABASE_REPORTS)) return undefined;
  const breakdown = reportNamed(reports, 'identity_enhanced')?.breakdown;
  return {
    identity: breakdown?.date_of_birth?.result === 'clear' && breakdown.mortality?.result !== 'consider',
    address: breakdown?.address?.result === 'clear',
  };
}
