import type { BeneficiarySchemaResponse } from '../../../domain/contract/beneficiaries.ts';
import { dataSourceHref } from './data-sources.ts';
import { type CorridorSchema, schemaDataSources } from './schemas/corridor-schema.ts';

/** GET /api/v1/schemas/beneficiary body: the form, where to save it, and where its lists come from. */
export function schemaView(corridor: CorridorSchema): BeneficiarySchemaResponse {
  const { constraints, ...data } = corridor.schema;
  const country = data.destination_country;
  return {
    data,
    meta: {
      _links: { save: { href: '/api/v1/beneficiaries', method: 'POST' } },
      _constraints: constraints,
      _data_sources: Object.fromEntries(
        schemaDataSources(corridor).map((name) => [name, { href: dataSourceHref(name, country) }]),
      ),
    },
  };
}
