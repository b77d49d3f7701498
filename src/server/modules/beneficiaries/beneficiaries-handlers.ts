import { beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { area } from '../../http/mount-endpoints.ts';
import { checkAccount } from './account-check.ts';
import { accountSearchRule, searchAccountCall } from './account-search.ts';
import {
  createBeneficiary,
  deleteBeneficiary,
  listBeneficiaries,
  loadBeneficiary,
  offeredCorridorSchemaOr404,
  updateBeneficiary,
} from './beneficiary-service.ts';
import { dataSourceEntries } from './data-sources.ts';
import { schemaView } from './schema-view.ts';

/**
 * Recipients (SPEC §7): the schema their form is rendered from, the payout
 * directories it chooses from (public reference data), and the customer's
 * own recipients, each answering only its owner.
 */
export const beneficiariesArea = area(beneficiariesApi, {
  getBeneficiarySchema: ({ deps, query }) => {
    const corridor = offeredCorridorSchemaOr404(
      deps,
      query.destination_country,
      query.payout_type,
      query.destination_currency,
    );
    return schemaView(
      corridor,
      deps.providers.payoutCards?.tokenizeUrl,
      accountSearchRule(deps, corridor),
      deps.config.features,
    );
  },
  getDataSource: ({ deps, params, query }) => dataSourceEntries(deps.db, params.name, query.country),
  createBeneficiary: ({ deps, session, clientAddress, body }) =>
    createBeneficiary(deps, { customerId: session.customerId, clientAddress }, body),
  checkAccount: ({ deps, session, clientAddress, body }) =>
    checkAccount(deps, { customerId: session.customerId, clientAddress }, body),
  searchAccount: ({ deps, session, clientAddress, body }) =>
    searchAccountCall(deps, { customerId: session.customerId, clientAddress }, body),
  listBeneficiaries: async ({ deps, session, query }) => ({
    data: await listBeneficiaries(deps, session.customerId, query),
  }),
  getBeneficiary: ({ deps, session, params }) => loadBeneficiary(deps, session.customerId, params.id),
  updateBeneficiary: ({ deps, session, clientAddress, params, body }) =>
    updateBeneficiary(deps, { customerId: session.customerId, clientAddress }, params.id, body),
  deleteBeneficiary: async ({ deps, session, params }) => {
    await deleteBeneficiary(deps, session.customerId, params.id);
    return null;
  },
});
