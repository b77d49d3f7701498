import type { FieldFormat } from '../../../domain/beneficiary-schema.ts';

const DIGIT = /\p{Nd}/gu;

/**
 * What a keystroke leaves in a field of `format` (SPEC §5): names block
 * digits as typed, dates follow the 0000-00-00 mask, IBANs show in groups of
 * four, codes are upper case. The rules still check the value on submit.
 */
export function inputValue(format: FieldFormat, typed: string): string {
  switch (format) {
    case 'name':
      return typed.replace(DIGIT, '');
    case 'date': {
      const digits = typed.replace(/\D/g, '').slice(0, 8);
      return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
    }
    case 'iban':
      return typed
        .replace(/\s/g, '')
        .toUpperCase()
        .replace(/(.{4})(?=.)/g, '$1 ');
    case 'code':
      return typed.toUpperCase();
    default:
      return typed;
  }
}
