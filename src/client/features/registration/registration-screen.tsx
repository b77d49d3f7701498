import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { locatorApi, type SourceCountryView } from '../../../domain/contract/locator.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { residenceCountryAtom } from '../../lib/session/onboarding-atoms.ts';
import styles from '../../ui/auth-form.module.css';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import { RegistrationForm } from './registration-form.tsx';

/** The bank-ID registration form of a country (the bank-id feature's), given by the route. */
type BankIdRegistration = (country: SourceCountryView) => ReactNode;

/**
 * /registration: registration by e-mail or phone (or bank ID where the
 * country takes it) in the chosen country of residence,
 * whose locator entry names the API to register with and the legal texts
 * to accept. Without a chosen country the visitor is sent to choose one.
 */
export function RegistrationScreen({ bankIdRegistration }: { bankIdRegistration: BankIdRegistration }) {
  const residence = useAtomValue(residenceCountryAtom);
  // the lead speaks of the way shown: a code by e-mail or text, or the bank-ID app
  const [withBankId, setWithBankId] = useState(false);
  return (
    <>
      <ScreenIntro
        heading={msg`Create your account`}
        description={
          withBankId
            ? msg`Register with your bank ID: you confirm who you are in your bank ID app.`
            : msg`Register with your e-mail address or mobile number. We will send you a code to confirm it.`
        }
      />
      {residence ? (
        <CountryRegistration
          iso2={residence}
          bankIdRegistration={bankIdRegistration}
          withBankId={withBankId}
          setWithBankId={setWithBankId}
        />
      ) : (
        <p>
          <Trans>Tell us first which country you live in.</Trans>{' '}
          <Link to="/country-of-residence">
            <Trans>Choose your country</Trans>
          </Link>
        </p>
      )}
    </>
  );
}

/** Which way of registering shows, e-mail and phone or bank ID, and the switch between them. */
interface WayChoice {
  withBankId: boolean;
  setWithBankId: (withBankId: boolean) => void;
}

function CountryRegistration({
  iso2,
  bankIdRegistration,
  ...way
}: { iso2: string; bankIdRegistration: BankIdRegistration } & WayChoice) {
  const country = useEndpoint(locatorApi.getSourceCountry, { params: { iso2 } });
  if (country.status === 'loading') {
    return (
      <LoaderOverlay type="text">
        <Trans>Loading…</Trans>
      </LoaderOverlay>
    );
  }
  if (country.status === 'failed') {
    return (
      <LoadFailed onRetry={country.reload}>
        <Trans>We couldn't load the registration details for your country.</Trans>
      </LoadFailed>
    );
  }
  return <RegistrationChoice country={country.data} bankIdRegistration={bankIdRegistration} {...way} />;
}

/** E-mail or phone, or bank ID in a country whose bank ID registers (SPEC §2 RegistrationBankId). */
function RegistrationChoice({
  country,
  bankIdRegistration,
  withBankId: chosen,
  setWithBankId,
}: {
  country: SourceCountryView;
  bankIdRegistration: BankIdRegistration;
} & WayChoice) {
  const withBankId = chosen && country.bank_id_registration;
  if (!country.bank_id_registration) return <RegistrationForm country={country} />;
  return (
    <>
      {withBankId ? bankIdRegistration(country) : <RegistrationForm country={country} />}
      <p className={styles.after}>
        <button type="button" className={styles.linkButton} onClick={() => setWithBankId(!withBankId)}>
          {withBankId ? <Trans>Register with e-mail or mobile number</Trans> : <Trans>Register with bank ID</Trans>}
        </button>
      </p>
    </>
  );
}
