import type { Event, StackFrame } from '@sentry/core';

/**
 * What of an error is sent to a Sentry-compatible collector (ERROR_REPORTING=sentry), from the browser and from the
 * server alike: only what `scrub.ts` has already cleaned. The event is made here, field by field, rather than by an
 * SDK from the error itself, so nothing the SDK would add on its own (the request, cookies, the user, breadcrumbs,
 * local variables) can leave with it.
 */
export interface ScrubbedError {
  /** the error's class (`TypeError`) */
  type: string;
  /** its scrubbed message */
  message: string;
  /** its scrubbed frames, innermost first, as `scrubStack` gives them: `function (file:line:column)` */
  frames: string[];
  release: string;
  /** `browser` or `server`, as a tag, and where each of those differs (the route's pattern, the language) */
  tags: Record<string, string>;
}

const FRAME = /^(.*) \((.*):(\d+):(\d+)\)$/;

function stackFrame(frame: string): StackFrame {
  const [, name, filename, line, column] = FRAME.exec(frame) ?? [];
  return filename
    ? { function: name === '?' ? undefined : name, filename, lineno: Number(line), colno: Number(column), in_app: true }
    : { function: frame };
}

/** A Sentry event of a scrubbed error; `eventId` is 32 hex digits, `now` the time in ms. */
export function sentryEventOf(
  error: ScrubbedError,
  platform: 'node' | 'javascript',
  eventId: string,
  now: number,
): Event {
  return {
    event_id: eventId,
    timestamp: now / 1000,
    platform,
    level: 'error',
    release: error.release,
    tags: error.tags,
    exception: {
      values: [
        {
          type: error.type,
          value: error.message,
          // Sentry lists frames outermost first
          stacktrace: error.frames.length > 0 ? { frames: error.frames.map(stackFrame).reverse() } : undefined,
        },
      ],
    },
  };
}
