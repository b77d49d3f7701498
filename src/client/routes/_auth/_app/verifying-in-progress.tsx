import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VerifyingScreen } from '../../../features/verification/verifying-screen.tsx';

export const Route = createFileRoute('/_auth/_app/verifying-in-progress')({
  staticData: { title: msg`We are checking your details` },
  // the identity provider sends the browser back with its capture's reference
  validateSearch: (search: Record<string, unknown>): { capture?: string } =>
    typeof search.capture === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(search.capture)
      ? { capture: search.capture }
      : {},
  component: Verifying,
});

function Verifying() {
  const { capture } = Route.useSearch();
  return <VerifyingScreen captureReference={capture} />;
}
