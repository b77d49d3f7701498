import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '../../features/not-found/not-found.tsx';

/** Every address the app does not have. */
export const Route = createFileRoute('/_default/$')({
  staticData: { title: msg`Page not found` },
  component: NotFoundContent,
});
