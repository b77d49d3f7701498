import type { PrePaymentDisclosureView } from '../../../domain/contract/transfers.ts';
import { promisedBy } from '../../../domain/delivery-promise.ts';
import { conversionMarkup, prePaymentDisclosure } from '../../../domain/disclosures.ts';
import { formatMinor } from '../../../domain/money.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findTransfer } from './transfer-records.ts';
import { transferSummaryView } from './transfer-view.ts';

/** The EU/EEA sender's conversion charge over the latest euro reference rates; none when they do not cover the pair. */
async function eeaConversionMarkup(deps: AppDeps, row: TransferRow): Promise<PrePaymentDisclosureView> {
  const markup = conversionMarkup(await deps.providers.referenceRates.latestEuroRates(), {
    from: row.source_currency,
    to: row.dest_currency,
    rate: row.rate,
    sentMinor: row.send_amount,
  });
  if (markup === null) return { kind: 'none' };
  return {
    kind: 'eea_conversion_markup',
    markup_percent: markup.percent,
    markup_amount: formatMinor(markup.amountMinor, row.source_currency),
    source_currency: row.source_currency,
    reference_rate: markup.referenceRate,
    reference_date: markup.referenceDate,
  };
}

/** The US remittance disclosure: the figures, when the money is there at the latest, and the cancellation right. */
async function usRemittance(deps: AppDeps, row: TransferRow): Promise<PrePaymentDisclosureView> {
  const view = transferSummaryView(row);
  const from = row.funded_at ?? deps.clock.now();
  return {
    kind: 'us_remittance',
    source_currency: view.source_currency,
    dest_currency: view.dest_currency,
    send_amount: view.send_amount,
    fees: view.fees,
    total: view.total,
    rate: view.rate,
    receive_amount: view.receive_amount,
    available_by: promisedBy(from, row.promised_hours).toISOString(),
    cancellation_seconds: deps.config.cancellationRightSeconds,
  };
}

/** GET /remit/transaction/:trans_ref/disclosure: what the sender must be shown before paying this transfer. */
export async function transferDisclosure(
  deps: AppDeps,
  customerId: string,
  transRef: string,
): Promise<PrePaymentDisclosureView> {
  const row = await findTransfer(deps.db, customerId, transRef);
  switch (prePaymentDisclosure(row.send_country)) {
    case 'eea_conversion_markup':
      return eeaConversionMarkup(deps, row);
    case 'us_remittance':
      return usRemittance(deps, row);
    default:
      return { kind: 'none' };
  }
}
