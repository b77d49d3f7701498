import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEEDS_UPLOAD, VERIFICATION_STATUSES, type VerificationStatus } from '../../src/domain/verification.ts';
import {
  ALLOWED_MOVES,
  applyEvent,
  DOCUMENT_KINDS,
  INITIAL_STATE,
  isAllowedMove,
  statusOf,
  type VerificationEvent,
  VerificationRefused,
  type VerificationState,
} from '../../src/domain/verification-machine.ts';

const EVENTS: VerificationEvent[] = [
  { type: 'checks_started' },
  ...[true, false].flatMap((identity) =>
    [true, false].flatMap((address) =>
      [true, false].map((watchlistHit) => ({ type: 'database_checked' as const, identity, address, watchlistHit })),
    ),
  ),
  { type: 'review_cleared' },
  ...DOCUMENT_KINDS.flatMap((document) => [
    { type: 'document_requested' as const, document },
    { type: 'document_submitted' as const, document },
    { type: 'document_decided' as const, document, passed: true },
    { type: 'document_decided' as const, document, passed: false },
  ]),
];

function tryApply(state: VerificationState, event: VerificationEvent): VerificationState | undefined {
  try {
    return applyEvent(state, event);
  } catch (error) {
    if (error instanceof VerificationRefused) return undefined;
    throw error;
  }
}

/** Every state reachable from the start, and every status move the events make between them. */
function explore(): { statuses: Set<VerificationStatus>; moves: Set<string> } {
  const seen = new Map<string, VerificationState>([[JSON.stringify(INITIAL_STATE), INITIAL_STATE]]);
  const queue = [INITIAL_STATE];
  const statuses = new Set<VerificationStatus>();
  const moves = new Set<string>();
  for (let state = queue.shift(); state; state = queue.shift()) {
    statuses.add(statusOf(state));
    for (const event of EVENTS) {
      const next = tryApply(state, event);
      if (!next) continue;
      const [from, to] = [statusOf(state), statusOf(next)];
      if (from !== to) moves.add(`${from} → ${to}`);
      const key = JSON.stringify(next);
      if (!seen.has(key)) {
        seen.set(key, next);
        queue.push(next);
      }
    }
  }
  return { statuses, moves };
}

const arbitraryEvent = fc.constantFrom(...EVENTS);

describe('the verification state machine (SPEC §4)', () => {
  const { statuses, moves } = explore();

  it('reaches every one of the 16 statuses', () => {
    expect([...statuses].sort()).toEqual([...VERIFICATION_STATUSES].sort());
  });

  it('makes exactly the moves of the written table: none outside it, none of it unreachable', () => {
    const written = Object.entries(ALLOWED_MOVES).flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`));
    expect([...moves].sort()).toEqual(written.sort());
  });

  it('never goes back to NotRegistered, whatever happens', () => {
    fc.assert(
      fc.property(fc.array(arbitraryEvent, { maxLength: 40 }), (events) => {
        let state = INITIAL_STATE;
        let started = false;
        for (const event of events) {
          const next = tryApply(state, event);
          if (!next) continue;
          expect(isAllowedMove(statusOf(state), statusOf(next))).toBe(true);
          state = next;
          started ||= state.database !== 'not_started';
          if (started) expect(statusOf(state)).not.toBe('NotRegistered');
        }
      }),
    );
  });

  it('accepts a document only when it was asked for or failed, and decides it only while it is checked', () => {
    fc.assert(
      fc.property(fc.array(arbitraryEvent, { maxLength: 30 }), fc.constantFrom(...DOCUMENT_KINDS), (events, kind) => {
        const state = events.reduce((s, e) => tryApply(s, e) ?? s, INITIAL_STATE);
        const submitted = tryApply(state, { type: 'document_submitted', document: kind });
        expect(submitted !== undefined).toBe(['requested', 'failed'].includes(state.documents[kind]));
        const decided = tryApply(state, { type: 'document_decided', document: kind, passed: true });
        expect(decided !== undefined).toBe(state.documents[kind] === 'verifying');
      }),
    );
  });

  it('moves through the statuses a customer meets', () => {
    const walk = (events: VerificationEvent[]) => {
      let state = INITIAL_STATE;
      return events.map((event) => {
        state = applyEvent(state, event);
        return statusOf(state);
      });
    };
    expect(
      walk([
        { type: 'checks_started' },
        { type: 'database_checked', identity: true, address: true, watchlistHit: false },
      ]),
    ).toEqual(['Verifying', 'Pass']);
    expect(
      walk([
        { type: 'checks_started' },
        { type: 'database_checked', identity: false, address: false, watchlistHit: false },
        { type: 'document_submitted', document: 'identity' },
        { type: 'document_submitted', document: 'address' },
        { type: 'document_decided', document: 'identity', passed: true },
        { type: 'document_decided', document: 'address', passed: false },
        { type: 'document_submitted', document: 'address' },
        { type: 'document_decided', document: 'address', passed: true },
      ]),
    ).toEqual([
      'Verifying',
      'RequestIdAddress',
      'VerifyingIdRequestAddress',
      'VerifyingIdAddress',
      'VerifyingAddress',
      'FailedAddress',
      'VerifyingAddress',
      'Pass',
    ]);
    expect(
      walk([
        { type: 'checks_started' },
        { type: 'database_checked', identity: true, address: true, watchlistHit: true },
        { type: 'review_cleared' },
        { type: 'document_requested', document: 'source_of_funds' },
        { type: 'document_submitted', document: 'source_of_funds' },
        { type: 'document_decided', document: 'source_of_funds', passed: false },
      ]),
    ).toEqual([
      'Verifying',
      'Verifying',
      'Pass',
      'RequestProofOfSourceOfFunds',
      'VerifyingProofOfSourceOfFunds',
      'RequestProofOfSourceOfFunds',
    ]);
  });

  it('a requested upload always shows as a needs-upload or needs-ID status', () => {
    for (const document of ['identity', 'address', 'source_of_funds'] as const) {
      const state = applyEvent(
        applyEvent(applyEvent(INITIAL_STATE, { type: 'checks_started' }), {
          type: 'database_checked',
          identity: true,
          address: true,
          watchlistHit: false,
        }),
        { type: 'document_requested', document },
      );
      expect(NEEDS_UPLOAD.has(statusOf(state))).toBe(true);
    }
  });
});
