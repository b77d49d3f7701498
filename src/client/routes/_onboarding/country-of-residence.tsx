import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CountryOfResidenceScreen } from '../../features/country-of-residence/country-of-residence-screen.tsx';

export const Route = createFileRoute('/_onboarding/country-of-residence')({
  staticData: { title: msg`Country of residence` },
  component: CountryOfResidenceScreen,
});
