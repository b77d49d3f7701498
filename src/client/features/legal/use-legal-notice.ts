import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { DEFAULT_SOURCE_COUNTRY, isSourceCountry } from '../../../domain/countries.ts';
import { type LegalNotice, legalNotice } from '../../../domain/legal-notice.ts';
import { detectedCountry } from '../../lib/detected-country.ts';
import { countryHintAtom } from '../../lib/session/last-seen-customer.ts';
import { isAuthenticatedAtom } from '../../lib/session/session-atoms.ts';
import { userAtom } from '../../lib/session/user-data.ts';

export interface LegalContext {
  notice: LegalNotice;
  /** lower-case ISO code of the source country whose terms and privacy policy apply */
  legalCountry: string;
}

/**
 * The signed-in customer's country and US state (the country this device last saw while they are asked for again),
 * else the visitor's detected country (null while it is being asked, and when it cannot be told).
 */
export function useLegalContext(): LegalContext {
  const user = useAtomValue(userAtom);
  const signedIn = useAtomValue(isAuthenticatedAtom);
  const lastSeen = useAtomValue(countryHintAtom);
  const [detected, setDetected] = useState<string | null>(null);
  useEffect(() => {
    if (user || signedIn) return;
    const abort = new AbortController();
    detectedCountry()
      .then((code) => {
        if (!abort.signal.aborted) setDetected(code);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [user, signedIn]);
  const country = user?.country ?? (signedIn ? lastSeen : detected);
  return {
    notice: legalNotice(country, user?.usaState?.code ?? null),
    legalCountry: (country && isSourceCountry(country) ? country : DEFAULT_SOURCE_COUNTRY).toLowerCase(),
  };
}
