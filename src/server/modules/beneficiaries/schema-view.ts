import type { AccountSearchRule } from '../../../domain/beneficiary-schema.ts';
import type { BeneficiarySchemaResponse } from '../../../domain/contract/beneficiaries.ts';
import { type FeatureFlags, needsConfirmReview } from '../../../domain/feature-flags.ts';
import { dataSourceHref } from './data-sources.ts';
import { type CorridorSchema, schemaDataSources } from './schemas/corridor-schema.ts';

/**
 * GET /api/v1/schemas/beneficiary body: the form, where to save it, where its
 * lists come from, and for a card field where the browser tokenizes the card
 * (`tokenizeCardHref`, the card payout gateway's own address; a card form
 * is not offered without one); the forced account search (`accountSearch`)
 * only where one can be made; and whether the customer reviews the recipient before paying (the deployment's
 * confirm-review payout types).
 */
export function schemaView(
  corridor: CorridorSchema,
  tokenizeCardHref: string | undefined,
  accountSearch: AccountSearchRule | undefined,
  features: Pick<FeatureFlags, 'confirmReviewPayoutTypes'>,
): BeneficiarySchemaResponse {
  const {
    constraints: { account_search: _served, ...constraints },
    ...data
  } = corridor.schema;
  const country = data.destination_country;
  const takesCard = data.fields.some((field) => field.type === 'card_token');
  return {
    data,
    meta: {
      _links: {
        save: { href: '/api/v1/beneficiaries', method: 'POST' },
        ...(takesCard && tokenizeCardHref
          ? { tokenize_card: { href: tokenizeCardHref, method: 'POST' as const } }
          : {}),
      },
      _constraints: {
        ...constraints,
        review_required: needsConfirmReview(features, data.payout_type),
        ...(accountSearch ? { account_search: accountSearch } : {}),
      },
      _data_sources: Object.fromEntries(
        schemaDataSources(corridor).map((name) => [name, { href: dataSourceHref(name, country) }]),
      ),
    },
  };
}
