import { useLingui } from '@lingui/react/macro';
import { numberFormat } from '../../domain/intl-formats.ts';

/** The rate as the customer reads it: "1 GBP = 159.9325 KES", every decimal of the quoted rate kept. */
export function RateLine({ rate, from, to }: { rate: string; from: string; to: string }) {
  const { i18n } = useLingui();
  const format = numberFormat(i18n.locale, { maximumFractionDigits: 6 });
  // a decimal string keeps every digit exact (Intl accepts strings)
  const one = format.format(1);
  const value = format.format(rate as unknown as number);
  return (
    <>
      {one} {from} = {value} {to}
    </>
  );
}
