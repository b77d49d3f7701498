import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ContactSettings } from '../../../features/account-security/contact-settings.tsx';
import { PasskeySettings } from '../../../features/account-security/passkey-settings.tsx';
import { YearlyLimit, YearlyLimitCard } from '../../../features/home/yearly-limit.tsx';
import { ProfileScreen } from '../../../features/profile/profile-screen.tsx';
import { VerificationTasks } from '../../../features/verification/verification-tasks.tsx';
import { askOnLoad } from '../../../lib/api/ask-on-load.ts';
import { BRAND_NAME } from '../../../lib/brand.ts';

const product = BRAND_NAME;

export const Route = createFileRoute('/_auth/_app/profile')({
  staticData: { title: msg`Your ${product} Profile` },
  // the identity provider sends the browser here when it could not use the camera
  validateSearch: (search: Record<string, unknown>): { capture?: 'unavailable' } =>
    search.capture === 'unavailable' ? { capture: 'unavailable' } : {},
  loader: ({ preload }) => askOnLoad(preload, () => import('../../../features/profile/profile-answers.ts')),
  component: Profile,
});

function Profile() {
  const { capture } = Route.useSearch();
  return (
    <ProfileScreen
      below={(data, actionProps, reload) => (
        <>
          <YearlyLimitCard>
            <YearlyLimit limit={data.user_limit} />
          </YearlyLimitCard>
          <ContactSettings user={data.user} actionProps={actionProps} onChanged={reload} />
          <VerificationTasks
            data={data}
            actionProps={actionProps}
            cameraUnavailable={capture === 'unavailable'}
            onUploaded={reload}
          />
          <PasskeySettings />
        </>
      )}
    />
  );
}
