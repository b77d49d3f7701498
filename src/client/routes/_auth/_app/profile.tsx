import { msg } from '@lingui/core/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProfileScreen } from '../../../features/profile/profile-screen.tsx';
import { VerificationTasks } from '../../../features/verification/verification-tasks.tsx';
import { BRAND_NAME } from '../../../lib/brand.ts';

const product = BRAND_NAME;

export const Route = createFileRoute('/_auth/_app/profile')({
  staticData: { title: msg`Your ${product} Profile` },
  component: Profile,
});

function Profile() {
  const navigate = useNavigate();
  return (
    <ProfileScreen
      below={(data) => (
        <VerificationTasks data={data} onUploaded={() => void navigate({ to: '/verifying-in-progress' })} />
      )}
    />
  );
}
