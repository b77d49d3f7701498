import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { arrivalDate, arrivalFormat } from '../../lib/delivery-estimate.ts';

/** "Arrives by Tue 25 Nov" (cash: "Ready to collect by …"): the latest the money is there if paid now. */
export function ArrivesBy({ hours, payoutType }: { hours: number; payoutType: PayoutType }) {
  const { i18n } = useLingui();
  const [now] = useState(() => Date.now());
  const at = arrivalDate(hours, now);
  const date = arrivalFormat(hours, i18n.locale).format(at);
  const time = <time dateTime={at.toISOString()}>{date}</time>;
  return payoutType === 'cash' ? <Trans>Ready to collect by {time}</Trans> : <Trans>Arrives by {time}</Trans>;
}

/** How long a payout type takes at most: "Up to 1 hour", "Up to 3 days". */
export function DeliveryWithin({ hours }: { hours: number }) {
  return hours < 24 ? (
    <Plural value={hours} one="Up to # hour" other="Up to # hours" />
  ) : (
    <Plural value={Math.ceil(hours / 24)} one="Up to # day" other="Up to # days" />
  );
}
