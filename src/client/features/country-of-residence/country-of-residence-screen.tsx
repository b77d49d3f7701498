import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useLoad } from '../../lib/api/use-endpoint.ts';
import { cantFindCountryAtom } from '../../lib/session/onboarding-atoms.ts';
import styles from '../../ui/auth-form.module.css';
import { LoadFailed } from '../../ui/load-state.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import { CountryForm, loadCountries } from './country-picker.tsx';

/**
 * /country-of-residence: the first onboarding step. The served countries
 * come from the service locator, named in the interface language; the one
 * the visitor seems to be in is chosen to start with.
 */
export function CountryOfResidenceScreen() {
  const countries = useLoad(loadCountries, 'countries');
  const setCantFind = useSetAtom(cantFindCountryAtom);
  const navigate = useNavigate();

  return (
    <>
      <ScreenIntro
        heading={msg`Country of residence`}
        description={msg`Tell us where you live so we can show you the services available there.`}
      />
      {countries.status === 'failed' ? (
        <LoadFailed onRetry={countries.reload}>
          <Trans>We couldn't load the countries we serve.</Trans>
        </LoadFailed>
      ) : (
        <CountryForm
          key={countries.status}
          countries={countries.status === 'ready' ? countries.data : null}
          onChosen={() => void navigate({ to: '/registration' })}
        />
      )}
      <p className={styles.after}>
        <Link to="/area-not-available" onClick={() => setCantFind(true)}>
          <Trans>I can't find my country</Trans>
        </Link>
      </p>
      <p>
        <Trans>Already have an account?</Trans>{' '}
        <Link to="/sign-in">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </>
  );
}
