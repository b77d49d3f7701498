import { primeAnswer } from '../../lib/api/primed-answers.ts';
import { loadUserDataAnswer, USER_DATA_KEY } from '../../lib/session/user-data.ts';

/** /profile's data, asked for as the page resolves (its route's loader, `askOnLoad`): the customer's data, as `ProfileScreen` loads it. */
export function askProfileAnswers(): void {
  primeAnswer(USER_DATA_KEY, () => loadUserDataAnswer());
}
