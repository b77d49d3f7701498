import { enums, type Infer, literal, object, optional, pattern, size, string, union } from 'superstruct';
import { LOCALES } from './locales.ts';

/**
 * What the page, the service worker and the push sender say to each other.
 * One module so both ends of every message share the same shape.
 */

/** The one cache holding last-known API data; wiped at logout. */
export const API_CACHE_NAME = 'sarraf-api';

/**
 * Set by the service worker on an API response it answered from its cache
 * (network down or too slow): when that copy was stored, as an ISO 8601 instant.
 * The page reads it to mark data as offline and show its age.
 */
export const CACHED_AT_HEADER = 'x-sarraf-cached-at';

/** Page -> worker: take over now (the user agreed to refresh). */
export const SkipWaitingMessage = object({ type: literal('SKIP_WAITING') });
/** Page -> worker: the user signed out; forget every cached API response. */
export const LogoutMessage = object({ type: literal('LOGOUT') });
/**
 * Page -> worker: the interface is (now) in this language; keep its files for offline use. The worker precaches only
 * the languages it was told of (the first install waits for the page's word), not every language's catalog.
 */
export const CacheLanguageMessage = object({ type: literal('CACHE_LANGUAGE'), locale: enums(LOCALES) });
export const PageMessage = union([SkipWaitingMessage, LogoutMessage, CacheLanguageMessage]);
export type PageMessage = Infer<typeof PageMessage>;
/** Worker -> page, on the MessageChannel port sent with LOGOUT: the cache is gone. */
export const LogoutDoneMessage = object({ type: literal('LOGOUT_DONE') });
export type LogoutDoneMessage = Infer<typeof LogoutDoneMessage>;

/** An in-app path: a push must never open another origin. */
const AppPath = pattern(size(string(), 1, 2048), /^\/(?![/\\])/);

/**
 * The JSON body of a web push (transfer status changes, wallet credits).
 * Title and body arrive already in the customer's language.
 */
export const PushPayload = object({
  title: size(string(), 1, 200),
  body: size(string(), 0, 1000),
  url: AppPath,
  /** Notifications with the same tag replace each other (e.g. one per transfer). */
  tag: optional(size(string(), 1, 200)),
  /** What the push is about, e.g. 'transfer-status' or 'wallet-credit'. */
  category: size(string(), 1, 64),
});
export type PushPayload = Infer<typeof PushPayload>;

/** Worker -> page: a push arrived while a Sarraf window had focus, so no system notification was shown. */
export const PushReceivedMessage = object({ type: literal('PUSH_RECEIVED'), payload: PushPayload });
export type PushReceivedMessage = Infer<typeof PushReceivedMessage>;
