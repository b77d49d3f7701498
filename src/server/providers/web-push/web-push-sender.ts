import webPush from 'web-push';
import type { VapidConfig } from '../../config.ts';
import { type PushMessage, type PushOutcome, PushRateLimited, type PushSender } from './push-sender.ts';

/** When a 429 names no wait, or one we cannot read. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** `Retry-After` as seconds from now: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(header: string | null, now: Date): number {
  if (!header) return DEFAULT_RETRY_AFTER_SECONDS;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  if (Number.isNaN(at)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** What the push service's answer means for the subscription (RFC 8030 §5, §7.3, §8.4; RFC 8292 §4.4). */
function outcomeOf(response: Response, endpoint: string): PushOutcome {
  const { status } = response;
  if (status === 200 || status === 201 || status === 202) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  if (status === 413) return 'too-large';
  if (status === 429) throw new PushRateLimited(retryAfterSeconds(response.headers.get('retry-after'), new Date()));
  throw new Error(`push service ${new URL(endpoint).host} answered ${status}`);
}

export interface WebPushSenderOptions {
  /** the network boundary; tests and the sandbox pass their own */
  fetch?: typeof globalThis.fetch;
  /** whether this endpoint may be sent to; otherwise the push is `withheld` */
  mayReach?: (endpoint: URL) => boolean;
}

/**
 * Web push with the `web-push` library: it encrypts the payload to the
 * subscription's keys (aes128gcm) and signs the VAPID JWT; the request goes
 * out with fetch, so an http endpoint (the sandbox's local one) works too.
 */
export function webPushSender(vapid: VapidConfig, options: WebPushSenderOptions = {}): PushSender {
  const fetch = options.fetch ?? globalThis.fetch;
  return {
    publicKey: vapid.publicKey,
    async send(message: PushMessage): Promise<PushOutcome> {
      if (options.mayReach && !options.mayReach(new URL(message.endpoint))) return 'withheld';
      const request = webPush.generateRequestDetails(
        { endpoint: message.endpoint, keys: message.keys },
        message.payload,
        {
          vapidDetails: vapid,
          TTL: message.ttlSeconds,
          contentEncoding: 'aes128gcm',
          ...(message.topic ? { topic: message.topic } : {}),
          ...(message.urgency ? { urgency: message.urgency } : {}),
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      return outcomeOf(response, message.endpoint);
    },
  };
}
