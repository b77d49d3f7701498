import { msg } from '@lingui/core/macro';
import { useState } from 'react';
import type { CodeTimes } from '../../../domain/contract/one-time-codes.ts';
import type { Text } from '../forms/rule-text.ts';
import { reportUnexpected } from '../forms/unexpected-failure.ts';
import { sendRefusal } from './code-refusals.ts';

const NEW_CODE = msg`We sent a new code. The earlier code no longer works.`;

export type CodeNotice = { tone: 'news' | 'error'; text: Text };

/**
 * "Send a new code" of a code form: `send` asks for it; once sent, `onSent`
 * hears when the next may be asked for and the form is told so; a refusal
 * (too soon, a limit) or a failure is said through `say`.
 */
export function useCodeResend(
  send: () => Promise<CodeTimes>,
  onSent: (resendAvailableAt: number) => void,
  say: (notice: CodeNotice | null) => void,
): { resending: boolean; resend: () => Promise<void> } {
  const [resending, setResending] = useState(false);
  const resend = async () => {
    say(null);
    setResending(true);
    try {
      const times = await send();
      onSent(Date.parse(times.resend_available_at));
      say({ tone: 'news', text: NEW_CODE });
    } catch (error) {
      const refusal = sendRefusal(error);
      if (refusal) return say({ tone: 'error', text: refusal });
      reportUnexpected(error, (text) => say({ tone: 'error', text }));
    } finally {
      setResending(false);
    }
  };
  return { resending, resend };
}
