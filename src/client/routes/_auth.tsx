import { createFileRoute } from '@tanstack/react-router';
import { authOnly } from '../lib/session/route-guards.ts';

/** Every signed-in route sits under this guard; the layouts below it draw the page. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: authOnly,
});
