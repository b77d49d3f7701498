import type { DocumentRequest, NextDocumentRequest, VerificationTask } from '../../../domain/contract/user.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import type { Minor } from '../../../domain/money.ts';
import { LADDER_STEPS, STEP_DOCUMENT, stepDone, stepsNeeded } from '../../../domain/verification-ladder.ts';
import { DOCUMENT_KINDS, type DocumentKind, type VerificationState } from '../../../domain/verification-machine.ts';
import type { Db } from '../../db/connection.ts';
import { findRefusal } from './verification-refusals.ts';

/** SPEC §3 `document_request`: the document the customer is asked to upload now, if any. */
export function documentRequestOf(state: VerificationState): DocumentRequest | null {
  const asked = DOCUMENT_KINDS.find((kind) => ['requested', 'failed'].includes(state.documents[kind]));
  if (!asked) return null;
  // an identity document goes through the capture flow; proofs through the upload wizard
  return { type: asked, screen_type: asked === 'identity' ? 'capture' : 'upload' };
}

/**
 * SPEC §3 `next_document_request`: the document the ladder will ask for
 * next, once the year's sending nears its threshold; optional until then.
 */
export function nextDocumentRequestOf(
  state: VerificationState,
  country: string,
  used: Minor,
): NextDocumentRequest | null {
  const source = findSourceCountry(country);
  if (!source || state.database !== 'done') return null;
  const step = LADDER_STEPS.find((s) => STEP_DOCUMENT[s] !== null && !stepDone(state, s));
  const document = step ? STEP_DOCUMENT[step] : null;
  if (!step || !document || state.documents[document] !== 'not_needed') return null;
  const neededNow = stepsNeeded(source.yearlyLimit, used, 0n).includes(step);
  return { document, type: neededNow ? 'standard' : 'optional' };
}

/** "What we need from you": each request opened for the customer, with where it stands and why it was refused. */
export async function verificationTasks(
  db: Db,
  customerId: string,
  state: VerificationState,
): Promise<VerificationTask[]> {
  const tasks: VerificationTask[] = [];
  const refusal = state.database === 'not_started' ? await findRefusal(db, customerId) : undefined;
  // the provider could not check a detail: the customer corrects it, and the checks run again
  if (refusal) tasks.push({ item: 'identity_checks', state: 'rejected', reason: refusal.message });
  if (state.database !== 'not_started') {
    tasks.push({
      item: 'identity_checks',
      state: state.database === 'running' || state.review ? 'checking' : 'done',
      reason: null,
    });
  }
  for (const kind of DOCUMENT_KINDS) {
    const documentState = state.documents[kind];
    if (documentState === 'not_needed') continue;
    tasks.push({
      item: kind,
      state: { requested: 'to_do', verifying: 'checking', failed: 'rejected', passed: 'done' }[documentState] as
        | 'to_do'
        | 'checking'
        | 'rejected'
        | 'done',
      reason: documentState === 'failed' ? await lastRefusal(db, customerId, kind) : null,
    });
  }
  return tasks;
}

async function lastRefusal(db: Db, customerId: string, kind: DocumentKind): Promise<string | null> {
  const row = await db
    .selectFrom('verification_submissions')
    .select('reason')
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('outcome', '=', 'failed')
    .orderBy('decided_at', 'desc')
    .executeTakeFirst();
  return row?.reason ?? null;
}
