import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { primeAnswer, primeEndpoint, screenAnswers } from '../../lib/api/primed-answers.ts';
import type { AppStore } from '../../lib/session/app-store.ts';
import { takeOpeningAnswer, USER_DATA_KEY } from '../../lib/session/user-data.ts';

/**
 * /home's data, asked for as the page resolves (its route's loader, `askOnLoad`) or the screen first renders: the customer's data the greeting
 * and the limit show (the answer the page's guard may already have asked for, as `HomeScreen` would take it) and the
 * wallets card's balances. Asked as the screen mounted, they came a render after its first paint; offline, with
 * the worker's last-known copies, they are there for the first.
 */
export const askAnswers = screenAnswers((store?: AppStore) => {
  primeAnswer(USER_DATA_KEY, () => takeOpeningAnswer(store));
  primeEndpoint(balanceCalls.getWallets, {});
});
