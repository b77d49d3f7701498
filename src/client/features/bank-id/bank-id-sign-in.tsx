import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { locatorApi } from '../../../domain/contract/locator.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { residenceCountryAtom } from '../../lib/session/onboarding-atoms.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { BankIdForm } from './bank-id-form.tsx';

/**
 * Sign-in with bank ID, in the countries whose bank ID signs in (the
 * locator's `bank_id_login`); the country of residence chosen on this
 * device comes first.
 */
export function BankIdSignIn() {
  const residence = useAtomValue(residenceCountryAtom);
  const countries = useEndpoint(locatorApi.listSourceCountries, {});
  if (countries.status === 'loading') {
    return (
      <LoaderOverlay type="text">
        <Trans>Loading…</Trans>
      </LoaderOverlay>
    );
  }
  if (countries.status === 'failed') {
    return (
      <LoadFailed onRetry={countries.reload}>
        <Trans>We couldn't load the countries where you can sign in with bank ID.</Trans>
      </LoadFailed>
    );
  }
  const withBankId = countries.data
    .filter((country) => country.bank_id_login)
    .sort((a, b) => Number(b.iso2 === residence) - Number(a.iso2 === residence));
  return <BankIdForm purpose="login" countries={withBankId} />;
}
