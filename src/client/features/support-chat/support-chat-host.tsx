import { useAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { supportChatOpenAtom } from './chat-open.ts';

// the chat's code and its conversation load the first time it is opened: nothing at first load
const ChatDialog = lazy(() => import('./chat-dialog.tsx'));

/** Where the support chat lives once opened: kept mounted, so closing and reopening keeps the conversation. */
export function SupportChatHost() {
  const [open, setOpen] = useAtom(supportChatOpenAtom);
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
