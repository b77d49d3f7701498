import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SupportScreen } from '../../features/legal/support-screen.tsx';

export const Route = createFileRoute('/_default/support')({
  staticData: { title: msg`Support` },
  component: SupportScreen,
});
