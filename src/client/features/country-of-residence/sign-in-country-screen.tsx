import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { baseUrlAtom } from '../../lib/session/session-atoms.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import { CountryForm, loadCountries } from './country-picker.tsx';

/**
 * /sign-in-country (SPEC §2, §7): the country of residence picks the
 * service a customer signs in to. The service locator's answer for it sets
 * the main API base the sign-in goes to, and the sign-in screen then offers
 * that country's ways in (bank ID where it has one).
 */
export function SignInCountryScreen({ redirect }: { redirect: string | undefined }) {
  const countries = useLoad(loadCountries, 'countries');
  const setBaseUrl = useSetAtom(baseUrlAtom);
  const navigate = useNavigate();
  return (
    <>
      <ScreenIntro
        heading={msg`Where do you live?`}
        description={msg`Choose your country of residence to sign in to the right service.`}
      />
      {countries.status === 'failed' ? (
        <LoadFailed onRetry={countries.reload}>
          <Trans>We couldn't load the countries we serve.</Trans>
        </LoadFailed>
      ) : (
        <CountryForm
          key={countries.status}
          countries={countries.status === 'ready' ? countries.data : null}
          onChosen={(country) => {
            setBaseUrl(country.middleware_url);
            void navigate({ to: '/sign-in', search: redirect === undefined ? {} : { redirect } });
          }}
        />
      )}
    </>
  );
}
