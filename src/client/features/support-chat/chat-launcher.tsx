import { Trans } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useClientProviders } from '../../lib/client-providers.ts';
import { supportChatOpenAtom } from './chat-open.ts';

/** "Chat with us": opens the support chat (whose code loads only then); nothing where the deployment has no chat. */
export function ChatLauncher({ className }: { className?: string | undefined }) {
  const open = useSetAtom(supportChatOpenAtom);
  const providers = useClientProviders();
  if (providers && !providers.support_chat_url) return null;
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={() => open(true)}>
      <Trans>Chat with us</Trans>
    </button>
  );
}
