import { primeAnswer, screenAnswers } from '../../lib/api/primed-answers.ts';
import type { AppStore } from '../../lib/session/app-store.ts';
import { loadUserDataAnswer, USER_DATA_KEY } from '../../lib/session/user-data.ts';

/** /profile's data, asked for as the page resolves (its route's loader, `askOnLoad`) or the screen first renders: the customer's data, as `ProfileScreen` loads it. */
export const askAnswers = screenAnswers((store?: AppStore) => {
  primeAnswer(USER_DATA_KEY, () => loadUserDataAnswer(store));
});
