import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WalletScreen } from '../../../features/wallets/wallet-screen.tsx';

/** One wallet: its statements and transactions. */
export const Route = createFileRoute('/_auth/_app/wallets_/$currency')({
  staticData: { title: msg`Wallet` },
  component: function WalletPage() {
    const { currency } = Route.useParams();
    return <WalletScreen currency={currency} />;
  },
});
