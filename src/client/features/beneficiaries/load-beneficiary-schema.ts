import type { BeneficiarySchema, DataSourceName } from '../../../domain/beneficiary-schema.ts';
import {
  type BeneficiarySchemaResponse,
  beneficiariesApi,
  type DataSourceEntry,
  toBeneficiarySchema,
} from '../../../domain/contract/beneficiaries.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { call } from '../../lib/api/client.ts';

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

/** A stable key of a corridor, for reloading what depends on it and keeping its form as typed. */
export function corridorKey(corridor: Corridor | undefined): string {
  return corridor ? `${corridor.country}-${corridor.payoutType}-${corridor.currency}` : '';
}

/** GET the corridor's schema, then each data source its `meta` links to. */
export async function loadBeneficiarySchema(corridor: Corridor, signal?: AbortSignal): Promise<LoadedSchema> {
  const response = await call(beneficiariesApi.getBeneficiarySchema, {
    query: {
      destination_country: corridor.country,
      payout_type: corridor.payoutType,
      destination_currency: corridor.currency,
    },
    signal,
  });
  const names = [...new Set(response.data.fields.flatMap((f) => (f.data_source ? [f.data_source] : [])))];
  const entries = await Promise.all(
    names.map(async (name) => {
      if (!response.meta._data_sources[name])
        throw new Error(`the schema names data source ${name} without a link to it`);
      const query = { country: corridor.country };
      return [name, await call(beneficiariesApi.getDataSource, { params: { name }, query, signal })] as const;
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
