import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { type AddressSuggestions, remitterApi } from '../../../domain/contract/remitter.ts';
import { call } from '../../lib/api/client.ts';
import { useClientProviders } from '../../lib/client-providers.ts';
import { showText, type Text } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import { pickedAddressAtom } from './address-atoms.ts';
import styles from './step-form.module.css';

/**
 * /address-search: the customer types a postcode or street, picks one of the
 * address book's suggestions and checks it, filled in, on /address; or
 * enters the address by hand there. Where the deployment has no address
 * search for the customer's country (ADDRESS_LOOKUP=off, or a provider that
 * knows other countries only), straight to the form.
 */
export function AddressSearchScreen() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const setPicked = useSetAtom(pickedAddressAtom);
  const user = useAtomValue(userAtom);
  // an address already given, sent back here: the checks could not use it
  const correcting =
    user?.redirect_to_full === 'address-search' && user.address
      ? [user.address.street, user.address.postcode].join(', ')
      : null;
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<AddressSuggestions | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const searchCountries = useClientProviders()?.address_search_countries;
  const searchOff = searchCountries !== undefined && user !== null && !searchCountries.includes(user.country);
  useEffect(() => {
    if (!searchOff) return;
    setPicked(null);
    void navigate({ to: '/address', replace: true });
  }, [searchOff, navigate, setPicked]);

  const run = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setProblem(null);
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      reportUnexpected(error, setProblem);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const search = async () => {
    const text = query.trim();
    if (!text) return setProblem(msg`Type your postcode or street to search`);
    const found = await run(() => call(remitterApi.addressPlainLookup, { body: { query: text } }));
    if (found) setSuggestions(found);
  };

  const pick = async (id: string) => {
    const address = await run(() => call(remitterApi.addressDetailLookup, { body: { id } }));
    if (!address) return;
    setPicked(address);
    await navigate({ to: '/address' });
  };

  const enterManually = () => {
    setPicked(null);
    void navigate({ to: '/address' });
  };

  return (
    <>
      <ScreenIntro heading={msg`Your home address`} description={msg`Search for your address, or enter it yourself.`} />
      {correcting ? (
        <InlineMessage tone="error">
          <p>
            <Trans>
              We could not find your address as you gave it ({correcting}). Search for it again or enter it yourself,
              and we will check it again.
            </Trans>
          </p>
        </InlineMessage>
      ) : null}
      <form
        className={styles.form}
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void search();
        }}
      >
        {problem ? (
          <InlineMessage tone="error">
            <p>{showText(i18n, problem)}</p>
          </InlineMessage>
        ) : null}
        <FormField id="address-query" label={<Trans>Postcode or street</Trans>}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              autoComplete="postal-code"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className={`${buttonClass('secondary')} ${styles.submit}`} disabled={busy}>
          <Trans>Search</Trans>
        </button>
      </form>
      <div aria-live="polite">
        {suggestions === null ? null : suggestions.length === 0 ? (
          <p>
            <Trans>No address matches. Check what you typed, or enter your address yourself.</Trans>
          </p>
        ) : (
          <>
            <h2>
              <Trans>Choose your address</Trans>
            </h2>
            <ul className={styles.suggestions}>
              {suggestions.map((suggestion) => (
                <li key={suggestion.id}>
                  <button
                    type="button"
                    className={`${buttonClass('secondary')} ${styles.suggestion}`}
                    disabled={busy}
                    onClick={() => void pick(suggestion.id)}
                  >
                    {suggestion.text}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <button type="button" className={styles.linkButton} onClick={enterManually}>
        <Trans>Enter your address manually</Trans>
      </button>
    </>
  );
}
