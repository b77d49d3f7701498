import type { VerificationStatus } from './verification.ts';

/**
 * How a customer's verification moves (SPEC §4). The status the customer
 * sees is derived from the state of each check, so it can never disagree
 * with them: the automatic database checks (two-plus-two and watchlist),
 * then one state per document the customer may be asked for.
 */

export const DOCUMENT_KINDS = ['identity', 'address', 'source_of_funds'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Where one document request stands. */
export const DOCUMENT_STATES = ['not_needed', 'requested', 'verifying', 'failed', 'passed'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export interface VerificationState {
  /** the automatic checks: not started, under way, or done */
  database: 'not_started' | 'running' | 'done';
  /** a watchlist hit holds the customer for a compliance review */
  review: boolean;
  documents: Record<DocumentKind, DocumentState>;
}

export const INITIAL_STATE: VerificationState = {
  database: 'not_started',
  review: false,
  documents: { identity: 'not_needed', address: 'not_needed', source_of_funds: 'not_needed' },
};

export type VerificationEvent =
  | { type: 'checks_started' }
  | { type: 'database_checked'; identity: boolean; address: boolean; watchlistHit: boolean }
  | { type: 'review_cleared' }
  | { type: 'document_requested'; document: DocumentKind }
  | { type: 'document_submitted'; document: DocumentKind }
  | { type: 'document_decided'; document: DocumentKind; passed: boolean };

/** Why an event cannot happen in a state; the caller answers it as a refused transition. */
export class VerificationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationRefused';
  }
}

const withDocument = (state: VerificationState, document: DocumentKind, to: DocumentState): VerificationState => ({
  ...state,
  documents: { ...state.documents, [document]: to },
});

/** The state after `event`, or VerificationRefused when it cannot happen now. */
export function applyEvent(state: VerificationState, event: VerificationEvent): VerificationState {
  switch (event.type) {
    case 'checks_started':
      if (state.database !== 'not_started') throw new VerificationRefused('The automatic checks have already started');
      return { ...state, database: 'running' };
    case 'database_checked': {
      if (state.database !== 'running') throw new VerificationRefused('The automatic checks are not under way');
      let next: VerificationState = { ...state, database: 'done', review: event.watchlistHit };
      if (!event.identity) next = withDocument(next, 'identity', 'requested');
      if (!event.address) next = withDocument(next, 'address', 'requested');
      return next;
    }
    case 'review_cleared':
      if (!state.review) throw new VerificationRefused('No review is open');
      return { ...state, review: false };
    case 'document_requested': {
      const current = state.documents[event.document];
      // a document already asked for, being checked, refused (upload again) or accepted is not asked for again
      if (current !== 'not_needed') return state;
      return withDocument(state, event.document, 'requested');
    }
    case 'document_submitted': {
      const current = state.documents[event.document];
      if (current !== 'requested' && current !== 'failed') {
        throw new VerificationRefused('This document has not been asked for');
      }
      return withDocument(state, event.document, 'verifying');
    }
    case 'document_decided':
      if (state.documents[event.document] !== 'verifying') {
        throw new VerificationRefused('This document is not being checked');
      }
      return withDocument(state, event.document, event.passed ? 'passed' : 'failed');
  }
}

type Open = 'none' | 'requested' | 'verifying' | 'failed';
const openPart = (state: DocumentState): Open => (state === 'not_needed' || state === 'passed' ? 'none' : state);

/** Identity × address → status, where either is open. A failure is named before a check under way. */
const ID_ADDRESS: Record<Exclude<Open, 'none'> | 'none', Record<Open, VerificationStatus | null>> = {
  none: { none: null, requested: 'RequestAddress', verifying: 'VerifyingAddress', failed: 'FailedAddress' },
  requested: {
    none: 'RequestId',
    requested: 'RequestIdAddress',
    verifying: 'VerifyingAddressRequestId',
    failed: 'FailedIdAddress',
  },
  verifying: {
    none: 'VerifyingId',
    requested: 'VerifyingIdRequestAddress',
    verifying: 'VerifyingIdAddress',
    failed: 'FailedAddress',
  },
  failed: { none: 'FailedId', requested: 'FailedIdAddress', verifying: 'FailedId', failed: 'FailedIdAddress' },
};

/** The one SPEC §4 status a state shows. */
export function statusOf(state: VerificationState): VerificationStatus {
  if (state.database === 'not_started') return 'NotRegistered';
  if (state.database === 'running' || state.review) return 'Verifying';
  const idAddress = ID_ADDRESS[openPart(state.documents.identity)][openPart(state.documents.address)];
  if (idAddress) return idAddress;
  switch (state.documents.source_of_funds) {
    case 'requested':
    case 'failed':
      return 'RequestProofOfSourceOfFunds';
    case 'verifying':
      return 'VerifyingProofOfSourceOfFunds';
    default:
      return 'Pass';
  }
}

/**
 * Every move between two different statuses that verification makes, as
 * the reviewable rule: a test walks every reachable state and event and
 * checks `applyEvent` makes exactly these, and the server refuses to record
 * any other. NotRegistered is never returned to.
 */
export const ALLOWED_MOVES: Readonly<Record<VerificationStatus, readonly VerificationStatus[]>> = {
  NotRegistered: ['Verifying'],
  Verifying: [
    'Pass',
    'RequestId',
    'RequestAddress',
    'RequestIdAddress',
    'RequestProofOfSourceOfFunds',
    'VerifyingId',
    'VerifyingAddress',
    'VerifyingIdAddress',
    'VerifyingIdRequestAddress',
    'VerifyingAddressRequestId',
    'VerifyingProofOfSourceOfFunds',
    'FailedId',
    'FailedAddress',
    'FailedIdAddress',
  ],
  Pass: ['RequestId', 'RequestAddress', 'RequestProofOfSourceOfFunds'],
  RequestId: ['RequestIdAddress', 'VerifyingId'],
  RequestAddress: ['RequestIdAddress', 'VerifyingAddress'],
  RequestIdAddress: ['VerifyingIdRequestAddress', 'VerifyingAddressRequestId'],
  RequestProofOfSourceOfFunds: ['RequestId', 'RequestAddress', 'VerifyingProofOfSourceOfFunds'],
  VerifyingId: [
    'Pass',
    'RequestProofOfSourceOfFunds',
    'VerifyingIdRequestAddress',
    'VerifyingProofOfSourceOfFunds',
    'FailedId',
  ],
  VerifyingAddress: [
    'Pass',
    'RequestProofOfSourceOfFunds',
    'VerifyingAddressRequestId',
    'VerifyingProofOfSourceOfFunds',
    'FailedAddress',
  ],
  VerifyingIdAddress: ['VerifyingId', 'VerifyingAddress', 'FailedId', 'FailedAddress'],
  VerifyingIdRequestAddress: ['RequestAddress', 'VerifyingIdAddress', 'FailedIdAddress'],
  VerifyingAddressRequestId: ['RequestId', 'VerifyingIdAddress', 'FailedIdAddress'],
  VerifyingProofOfSourceOfFunds: ['Pass', 'RequestId', 'RequestAddress', 'RequestProofOfSourceOfFunds'],
  FailedId: ['VerifyingId', 'VerifyingIdAddress', 'FailedIdAddress'],
  FailedAddress: ['VerifyingAddress', 'VerifyingIdAddress', 'FailedIdAddress'],
  FailedIdAddress: ['VerifyingIdRequestAddress', 'VerifyingAddressRequestId', 'FailedId', 'FailedAddress'],
};

export function isAllowedMove(from: VerificationStatus, to: VerificationStatus): boolean {
  return from === to || ALLOWED_MOVES[from].includes(to);
}
