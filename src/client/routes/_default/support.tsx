import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SupportScreen } from '../../features/legal/support-screen.tsx';
import { ChatLauncher } from '../../features/support-chat/chat-launcher.tsx';
import { buttonClass } from '../../ui/button.ts';

export const Route = createFileRoute('/_default/support')({
  staticData: { title: msg`Support` },
  component: () => <SupportScreen chat={<ChatLauncher className={buttonClass('primary')} />} />,
});
