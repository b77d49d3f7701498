import webPush from 'web-push';
import type { VapidConfig } from '../../config.ts';
import type { PushMessage, PushOutcome, PushSender } from './push-sender.ts';

/** What the push service's answer means for the subscription (RFC 8030 §5, §7.3). */
function outcomeOf(status: number, endpoint: string): PushOutcome {
  if (status === 200 || status === 201 || status === 202) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
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
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      return outcomeOf(response.status, message.endpoint);
    },
  };
}
