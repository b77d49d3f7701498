import type { DocsInfo } from '../../../domain/contract/verification.ts';
import { USA_STATES } from '../../../domain/countries.ts';
import { acceptedIdentityDocuments } from '../../../domain/identity-documents.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';

/**
 * `api/v2/docs-info`: the identity documents accepted where the customer
 * lives, for a country or, in the US and Canada, a state or province. A
 * state or province the address book does not list is refused, and so is a
 * US state Sarraf is not licensed in.
 */
export async function docsInfo(deps: AppDeps, isoCode: string): Promise<DocsInfo> {
  const code = isoCode.toUpperCase();
  const [country = '', subdivision] = code.split('-');
  if (subdivision !== undefined) {
    if (country !== 'US' && country !== 'CA') {
      throw new ApiError(
        'InvalidCountry',
        'Only the United States and Canada are given by state or province',
        'iso_code',
      );
    }
    const known = (await deps.providers.addressBook.provinces(country)).some((region) => region.code === subdivision);
    if (!known) throw new ApiError('InvalidCountry', `${code} is not a state or province we know`, 'iso_code');
    const state = USA_STATES.find((candidate) => country === 'US' && candidate.code === subdivision);
    if (state && !state.isActive) {
      throw new ApiError('InvalidInformation', `Sarraf does not serve customers in ${state.name} yet.`, 'iso_code');
    }
  }
  return { iso_code: code, documents: acceptedIdentityDocuments(code) };
}
