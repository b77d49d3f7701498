import { useLingui } from '@lingui/react';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { showText, type Text } from './rule-text.ts';

/** A form's problem that names no field (a limit, the network), announced at once; nothing when there is none. */
export function ProblemMessage({ problem }: { problem: Text | null }) {
  const { i18n } = useLingui();
  if (!problem) return null;
  return (
    <InlineMessage tone="error">
      <p>{showText(i18n, problem)}</p>
    </InlineMessage>
  );
}
