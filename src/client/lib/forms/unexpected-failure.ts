import { msg } from '@lingui/core/macro';
import { ApiFailure } from '../api/api-failure.ts';
import { showErrorModal } from '../error-modal/error-modal-atom.ts';
import type { Text } from './rule-text.ts';

/**
 * A failure no form of this feature handles itself: a lost connection is
 * said in the form (`say`), an OAuth AccessDenied has its own modal, anything
 * else opens the generic error modal with the request id as its code (SPEC §8).
 */
export function reportUnexpected(error: unknown, say: (text: Text) => void): void {
  if (error instanceof ApiFailure && error.status === 0) {
    say(msg`We can't reach Sarraf right now. Check your connection and try again.`);
    return;
  }
  // the OAuth-style API denied a token: the API client has opened the access-denied modal already
  if (error instanceof ApiFailure && error.type === 'AccessDenied') return;
  if (!(error instanceof ApiFailure)) console.error(error);
  showErrorModal(error instanceof ApiFailure ? error : null);
}
