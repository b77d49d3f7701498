import type { DefaultApi } from '@onfido/api';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { WatchlistProvider } from '../watchlist/watchlist-provider.ts';
import { applicantFor } from './onfido-applicants.ts';
import { checkFor, completedReports } from './onfido-checks.ts';
import { WATCHLIST_REPORTS, watchlistVerdict } from './onfido-verdicts.ts';

/**
 * `WATCHLIST=onfido`: the automatic checks' screening is a check with a
 * standard watchlist report on the customer's applicant (names and date of
 * birth). It answers later: the check is pending until Onfido's signed
 * webhook says it is complete, then its report is the verdict.
 */
export function onfidoWatchlist(db: Db, api: DefaultApi, clock: Clock): WatchlistProvider {
  return {
    async screen(person, trx) {
      const applicantId = await applicantFor(trx, api, clock, person);
      const checkId = await checkFor(trx, api, clock, {
        applicantId,
        customerReference: person.customerReference,
        purpose: 'watchlist',
        reference: person.customerReference,
        reports: WATCHLIST_REPORTS,
      });
      return { pending: true, reference: checkId };
    },
    async verdict(reference) {
      const reports = await completedReports(db, api, reference);
      return reports ? watchlistVerdict(reports) : undefined;
    },
  };
}
