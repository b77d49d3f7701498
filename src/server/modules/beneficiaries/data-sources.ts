import type { DataSourceName } from '../../../domain/beneficiary-schema.ts';
import type { DataSourceEntry } from '../../../domain/contract/beneficiaries.ts';
import type { Db } from '../../db/connection.ts';

/** The live entries of a payout directory for one country, in the order a picker lists them. */
export async function dataSourceEntries(db: Db, name: DataSourceName, country: string): Promise<DataSourceEntry[]> {
  switch (name) {
    case 'mobile-networks':
      return db
        .selectFrom('payout_mobile_networks')
        .select(['code', 'name'])
        .where('country_iso2', '=', country)
        .where('active', '=', true)
        .orderBy('name')
        .execute();
    case 'collection-points':
      return db
        .selectFrom('payout_collection_points')
        .select(['code', 'name', 'city', 'address'])
        .where('country_iso2', '=', country)
        .where('active', '=', true)
        .orderBy('city')
        .orderBy('name')
        .execute();
    case 'banks':
      return db
        .selectFrom('payout_banks')
        .select(['code', 'name'])
        .where('country_iso2', '=', country)
        .where('active', '=', true)
        .orderBy('name')
        .execute();
  }
}

/** The path (relative to the API base) a data source of a country is fetched from. */
export function dataSourceHref(name: DataSourceName, country: string): string {
  return `/api/v1/data-sources/${name}?country=${country}`;
}
