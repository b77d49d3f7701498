/** What the app tells the error collector. Nothing in an event names the customer (scrub.ts). */
interface EventBase {
  /** the built version */
  release: string;
  /** the route's pattern (`/transfers/$transactionReference`), never the values in the address */
  page: string;
  locale: string;
}

export interface ErrorEvent extends EventBase {
  kind: 'error';
  /** the error's class (`TypeError`), or `Error` for a value thrown that is not one */
  type: string;
  message: string;
  frames: string[];
}

export interface TraceEvent extends EventBase {
  kind: 'trace';
  /** from the navigation's start until the new route was resolved */
  duration_ms: number;
}

export interface SessionEvent extends EventBase {
  kind: 'session';
  status: 'ok' | 'errored';
  /** the routes resolved in this page's session */
  pages: number;
  duration_s: number;
}

export type ReportEvent = ErrorEvent | TraceEvent | SessionEvent;
