import { API_BASE_PATHS } from '../../../domain/contract/endpoint.ts';
import { locatorApi } from '../../../domain/contract/locator.ts';
import { findSourceCountry, SOURCE_COUNTRIES } from '../../../domain/countries.ts';
import { notFound } from '../../http/api-error.ts';
import { area } from '../../http/mount-endpoints.ts';
import { clientProvidersView } from './client-providers-view.ts';
import { locateUser } from './locator-service.ts';
import { sourceCountryView } from './locator-views.ts';

/** The service locator. No session needed. */
export const locatorArea = area(locatorApi, {
  listSourceCountries: () => SOURCE_COUNTRIES.map((country) => sourceCountryView(country, API_BASE_PATHS)),
  getSourceCountry: ({ params }) => {
    const country = findSourceCountry(params.iso2);
    if (!country) throw notFound('Country');
    return sourceCountryView(country, API_BASE_PATHS);
  },
  locateUser: ({ deps, clientAddress, header, edgeHeader }) =>
    locateUser(
      deps,
      clientAddress,
      { edgeCountry: edgeHeader('cf-ipcountry'), acceptLanguage: header('accept-language') },
      API_BASE_PATHS,
    ),
  clientProviders: ({ deps }) => clientProvidersView(deps.config),
});
