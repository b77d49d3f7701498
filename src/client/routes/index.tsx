import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: () => (
    <main>
      <h1>
        <Trans>Send money home with Sarraf</Trans>
      </h1>
    </main>
  ),
});
