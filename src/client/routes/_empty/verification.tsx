import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VerificationIntro } from '../../features/verification/verification-intro.tsx';
import { verification } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_empty/verification')({
  staticData: { title: msg`Verify your identity` },
  beforeLoad: verification,
  component: VerificationIntro,
});
