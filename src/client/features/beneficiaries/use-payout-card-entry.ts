import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { tokenizePayoutCard } from '../../lib/api/card-gateway.ts';
import { checkNumberAndExpiry } from '../../lib/card-payment/card-entry.ts';
import type { FieldErrors } from './beneficiary-form.tsx';
import type { LoadedSchema } from './load-beneficiary-schema.ts';
import { CARD_INPUT_IDS, PAYOUT_CARD_PROBLEMS, type PayoutCardEntry } from './payout-card-field.tsx';

/** The key of the expiry input's message among the form's errors (the number's is the card field's own). */
export const CARD_EXPIRY_ERROR = 'card_expiry';
/** The key, among the form's errors, of a card the server refused for its issuing country: a modal, not a message. */
export const CARD_COUNTRY_ERROR = 'card_country';

type Tokenized = { values: Record<string, string> } | { errors: FieldErrors };

/**
 * A card-payout form's card: typed here, checked here, and exchanged for a
 * single-use token at the gateway the schema links to (`tokenize_card`) just
 * before the form is sent, so the number never reaches our API, a draft or
 * the form's values. Without a card field in the schema it does nothing.
 */
export function usePayoutCardEntry(loaded: LoadedSchema, initialCard: Beneficiary['card']) {
  const { i18n, t } = useLingui();
  const field = loaded.schema.fields.find((f) => f.type === 'card_token');
  const [entering, setEntering] = useState(!initialCard);
  const [entry, setEntry] = useState<PayoutCardEntry>({ number: '', expiry: '' });
  const active = field !== undefined && entering;

  const message = (problem: keyof typeof PAYOUT_CARD_PROBLEMS | undefined) => {
    const descriptor = problem && PAYOUT_CARD_PROBLEMS[problem];
    return descriptor ? i18n._(descriptor) : undefined;
  };

  return {
    fieldName: field?.name,
    entering: active,
    enter: () => setEntering(true),
    entry,
    setEntry,

    /** What is wrong with the card as typed, as [error key, message] pairs. */
    problems(): (readonly [string, string])[] {
      if (!active) return [];
      const { problems } = checkNumberAndExpiry(entry, new Date());
      const number = message(problems.number);
      const expiry = message(problems.expiry);
      return [
        ...(number ? [[field.name, number] as const] : []),
        ...(expiry ? [[CARD_EXPIRY_ERROR, expiry] as const] : []),
      ];
    },

    /** The expiry's message for the error summary (the number's is listed with the schema's fields). */
    summary(errors: FieldErrors) {
      const expiry = errors[CARD_EXPIRY_ERROR];
      return expiry ? [{ fieldId: CARD_INPUT_IDS.expiry, message: t`Expiry date: ${expiry}` }] : [];
    },

    /** The checked values with the card's token in the card field; the gateway's refusal on the card field. */
    async tokenize(values: Record<string, string>): Promise<Tokenized> {
      if (!active) return { values };
      const href = loaded.response.meta._links.tokenize_card?.href;
      if (!href) throw new Error('the recipient form has a card field but no tokenize_card link');
      const { number, month, year } = checkNumberAndExpiry(entry, new Date());
      const name = [values.first_name, values.middle_name, values.last_name].filter(Boolean).join(' ');
      try {
        const issued = await tokenizePayoutCard(href, { number, exp_month: month, exp_year: year, name });
        return { values: { ...values, [field.name]: issued.token } };
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        return {
          errors: {
            [field.name]:
              error.status === 0
                ? t`We could not reach our card processor. Check your connection and try again.`
                : t`Our card processor refused this card. Check the number and the expiry date.`,
          },
        };
      }
    },
  };
}
