import type { BeneficiarySchema, DataSourceName } from '../../../domain/beneficiary-schema.ts';
import {
  type BeneficiarySchemaResponse,
  type DataSourceEntry,
  toBeneficiarySchema,
} from '../../../domain/contract/beneficiaries.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { fetchBeneficiarySchema, fetchDataSource } from '../../lib/api/beneficiaries.ts';

/** A recipient form ready to render: the corridor's schema and the entries of every data source it names. */
export interface LoadedSchema {
  response: BeneficiarySchemaResponse;
  schema: BeneficiarySchema;
  sources: Partial<Record<DataSourceName, DataSourceEntry[]>>;
}

export interface Corridor {
  country: string;
  payoutType: PayoutType;
  currency: string;
}

/** GET the corridor's schema, then each data source it names from the href its `meta` gives. */
export async function loadBeneficiarySchema(corridor: Corridor, signal?: AbortSignal): Promise<LoadedSchema> {
  const response = await fetchBeneficiarySchema(
    {
      destination_country: corridor.country,
      payout_type: corridor.payoutType,
      destination_currency: corridor.currency,
    },
    signal,
  );
  const names = [...new Set(response.data.fields.flatMap((f) => (f.data_source ? [f.data_source] : [])))];
  const entries = await Promise.all(
    names.map(async (name) => {
      const link = response.meta._data_sources[name];
      if (!link) throw new Error(`the schema names data source ${name} without a link to it`);
      return [name, await fetchDataSource(link.href, signal)] as const;
    }),
  );
  return { response, schema: toBeneficiarySchema(response), sources: Object.fromEntries(entries) };
}

/** The codes each data source offers, as validateBeneficiary checks choices against. */
export function sourceChoices(sources: LoadedSchema['sources']): Partial<Record<DataSourceName, string[]>> {
  return Object.fromEntries(
    Object.entries(sources).map(([name, entries]) => [name, (entries ?? []).map((entry) => entry.code)]),
  );
}
