import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useAskFirst } from '../../lib/api/primed-answers.ts';
import { LoaderOverlay, RevealTogether } from '../../ui/loader-overlay.tsx';
import { ConversionHistoryList } from './conversion-history-list.tsx';
import { RateAlertsCard } from './rate-alerts-card.tsx';
import { RecentTransactionsCard } from './recent-transactions-card.tsx';
import { SavedCardsCard } from './saved-cards-card.tsx';
import { WalletStatisticsCard } from './wallet-statistics-card.tsx';
import { askAnswers } from './wallets-answers.ts';
import { WalletsCard } from './wallets-card.tsx';

/**
 * /wallets: every wallet, opening another, converting, money in and out as a chart, the recent transactions, the
 * saved cards and the conversion history; the cards shown together once they have loaded, so none moves another.
 */
export function WalletsScreen() {
  useAskFirst(askAnswers);
  const [round, setRound] = useState(0);
  return (
    <>
      <h1>
        <Trans>Wallets</Trans>
      </h1>
      <RevealTogether
        loading={
          <LoaderOverlay type="text">
            <Trans>Loading your wallets…</Trans>
          </LoaderOverlay>
        }
      >
        <WalletsCard full onConverted={() => setRound((n) => n + 1)} />
        <WalletStatisticsCard />
        <RecentTransactionsCard />
        <RateAlertsCard />
        <SavedCardsCard />
        <ConversionHistoryList round={round} />
      </RevealTogether>
    </>
  );
}
