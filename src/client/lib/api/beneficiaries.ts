import {
  Beneficiary,
  BeneficiaryList,
  type BeneficiaryListQuery,
  type BeneficiarySchemaQuery,
  BeneficiarySchemaResponse,
  type CreateBeneficiaryRequest,
  DataSourceEntries,
} from '../../../domain/contract/beneficiaries.ts';
import { api } from './client.ts';

/** GET /api/v1/schemas/beneficiary: the recipient form of a corridor, with its `meta` (links, constraints, data sources). */
export function fetchBeneficiarySchema(
  query: BeneficiarySchemaQuery,
  signal?: AbortSignal,
): Promise<BeneficiarySchemaResponse> {
  return api('/api/v1/schemas/beneficiary', BeneficiarySchemaResponse, { query, read: 'body', signal });
}

/** A data source of a schema, at the href its `meta._data_sources` gives (relative to the API base). */
export function fetchDataSource(href: string, signal?: AbortSignal): Promise<DataSourceEntries> {
  return api(href, DataSourceEntries, { signal });
}

/** GET /api/v1/beneficiaries: the customer's recipients matching the filters, most recently changed first. */
export async function listBeneficiaries(query: BeneficiaryListQuery, signal?: AbortSignal): Promise<Beneficiary[]> {
  const list = await api('/api/v1/beneficiaries', BeneficiaryList, { query, signal });
  return list.data;
}

/** GET /api/v1/beneficiaries/:id */
export function fetchBeneficiary(id: string, signal?: AbortSignal): Promise<Beneficiary> {
  return api(`/api/v1/beneficiaries/${encodeURIComponent(id)}`, Beneficiary, { signal });
}

/** POST /api/v1/beneficiaries (the schema's save link): 409 BeneficiaryAlreadyExists for a recipient already saved. */
export function createBeneficiary(request: CreateBeneficiaryRequest): Promise<Beneficiary> {
  return api('/api/v1/beneficiaries', Beneficiary, { method: 'POST', body: request });
}

/** PUT /api/v1/beneficiaries/:id: every value of the form again. */
export function updateBeneficiary(id: string, values: Record<string, string>): Promise<Beneficiary> {
  return api(`/api/v1/beneficiaries/${encodeURIComponent(id)}`, Beneficiary, { method: 'PUT', body: { values } });
}
