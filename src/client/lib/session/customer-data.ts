import { set } from 'idb-keyval';

/** Whether this page has begun a sign-out. A page that signed out is left for a fresh load, so it never resets. */
let signingOut = false;

/** Sign-out has begun: from now on this page writes nothing of the customer to IndexedDB. */
export function stopCustomerWrites(): void {
  signingOut = true;
}

/**
 * Store a piece of the signed-in customer's data in IndexedDB (drafts, the
 * conversion history), unless this page has begun signing out: an answer
 * that arrives after the sign-out emptied IndexedDB would otherwise write
 * the previous customer's data back, readable offline by the next person
 * on the device. A write begun before the sign-out lands before its clear,
 * as IndexedDB runs read-write transactions on one store in the order they
 * were made.
 */
export async function setCustomerData(key: string, value: unknown): Promise<void> {
  if (signingOut) return;
  await set(key, value);
}
