import type { I18n } from '@lingui/core';
import { BENEFICIARY_MESSAGES, type BeneficiaryMessageKey } from '../../../domain/beneficiary-messages.ts';
import { type ApiFailure, fieldErrorPath } from '../../lib/api/api-failure.ts';
import type { FieldErrors } from './beneficiary-form.tsx';
import { fieldMessage } from './field-messages.ts';
import { CONFIRMATION_FIELD, translateMobileConfirmation } from './mobile-confirmation.ts';
import { CARD_COUNTRY_ERROR } from './use-payout-card-entry.ts';

const VALUES_PREFIX = 'values.';

/** Each domain message as a pattern matching its English text, placeholders captured by name. */
const MESSAGE_PATTERNS = (Object.entries(BENEFICIARY_MESSAGES) as [BeneficiaryMessageKey, string][]).map(
  ([key, text]) => {
    const names: string[] = [];
    const source = text
      .split(/(\{\w+\})/)
      .map((part) => {
        const placeholder = /^\{(\w+)\}$/.exec(part);
        if (!placeholder?.[1]) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(placeholder[1]);
        return '(.+)';
      })
      .join('');
    return { key, names, pattern: new RegExp(`^${source}$`) };
  },
);

/**
 * The server's English text of a recipient rule in the customer's language
 * when it is one of the domain's messages (SPEC §8: the translated message if
 * one exists, else the server's). A country keeps the name the server wrote.
 */
export function translateFieldMessage(i18n: I18n, message: string): string {
  for (const { key, names, pattern } of MESSAGE_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    return fieldMessage(i18n, key, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])));
  }
  return message;
}

/**
 * The recipient-form fields a 400 names (property path `values.<field>`, or the re-typed mobile number's
 * `mobile_confirmation`), with their messages; a card issued outside the recipient's country (SPEC §8's own type,
 * a 422) as the form's `CARD_COUNTRY_ERROR`, its modal.
 */
export function serverFieldErrors(i18n: I18n, failure: ApiFailure): FieldErrors | undefined {
  if (failure.type === 'IssuerCardCountryNotEqualBeneficiaryCountry') return { [CARD_COUNTRY_ERROR]: failure.message };
  if (failure.status !== 400) return undefined;
  const errors: Record<string, string> = {};
  for (const item of failure.errors) {
    const path = item.propertyPath ? fieldErrorPath(item.propertyPath) : '';
    if (path === CONFIRMATION_FIELD) errors[path] = translateMobileConfirmation(i18n, item.message);
    if (!path.startsWith(VALUES_PREFIX)) continue;
    errors[path.slice(VALUES_PREFIX.length)] = translateFieldMessage(i18n, item.message);
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
