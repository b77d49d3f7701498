import { Trans } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { supportChatOpenAtom } from './chat-open.ts';

/** "Chat with us": opens the support chat (whose code loads only then). */
export function ChatLauncher({ className }: { className?: string | undefined }) {
  const open = useSetAtom(supportChatOpenAtom);
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={() => open(true)}>
      <Trans>Chat with us</Trans>
    </button>
  );
}
