import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useStore } from 'jotai';
import type { UserData } from '../../../domain/contract/user.ts';
import { useAnswer } from '../../lib/api/use-endpoint.ts';
import { loadUserDataAnswer, USER_DATA_KEY } from '../../lib/session/user-data.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';

/** What stands between the customer and sending, as their data tells it; null when nothing does. */
export function verificationAhead(data: UserData): 'to-do' | 'checking' | 'next-document' | null {
  const tasks = data.verification_tasks ?? [];
  if (
    data.document_request ||
    data.user.redirect_to_full ||
    tasks.some((task) => task.state !== 'checking' && task.state !== 'done')
  )
    return 'to-do';
  if (tasks.some((task) => task.state === 'checking') || !data.user.isRemittanceEnabled) return 'checking';
  return data.next_document_request?.type === 'standard' ? 'next-document' : null;
}

/**
 * Step 1's word on verification, before the customer builds a transfer the server would refuse (422
 * VerificationRequired at the review step): what is needed first, with the way to it. Nothing while it loads,
 * offline, or when nothing is needed.
 */
export function VerificationAhead() {
  const store = useStore();
  const data = useAnswer(() => loadUserDataAnswer(store), USER_DATA_KEY);
  if (data.status !== 'ready') return null;
  switch (verificationAhead(data.data)) {
    case 'to-do':
      return (
        <InlineMessage tone="news">
          <p>
            <Trans>Before you can send money, we need something from you. It takes a few minutes.</Trans>
          </p>
          <p>
            <Link to="/home" hash="documents">
              <Trans>See what we need</Trans>
            </Link>
          </p>
        </InlineMessage>
      );
    case 'checking':
      return (
        <InlineMessage tone="news">
          <p>
            <Trans>
              We are still checking your details. You can choose an amount now and send once the check is done: usually
              a few minutes, at most 24 hours.
            </Trans>
          </p>
        </InlineMessage>
      );
    case 'next-document':
      return (
        <InlineMessage tone="news">
          <p>
            <Trans>
              Your next transfer needs a document from you first. Send it now and it is checked before you pay.
            </Trans>
          </p>
          <p>
            <Link to="/profile" hash="documents">
              <Trans>See what we need</Trans>
            </Link>
          </p>
        </InlineMessage>
      );
    default:
      return null;
  }
}
