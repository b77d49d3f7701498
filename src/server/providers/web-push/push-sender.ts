/** One encrypted web push to one browser (RFC 8030 / 8291 / 8292). */
export interface PushMessage {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** the JSON the service worker reads (`PushPayload`) */
  payload: string;
  /** how long the push service may hold it for an offline device */
  ttlSeconds: number;
  /** pushes with the same topic replace each other while undelivered (base64url, ≤ 32 characters) */
  topic?: string;
  /** how soon the device should be woken for it (RFC 8030 §5.3); the push service's default, `normal`, when absent */
  urgency?: PushUrgency;
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/**
 * The push service asked us to slow down (429): try again no sooner than
 * `retryAfterSeconds` from now (its `Retry-After`, or a minute without one).
 */
export class PushRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`push service asked us to wait ${retryAfterSeconds} s`);
    this.name = 'PushRateLimited';
  }
}

/**
 * `delivered`: the push service took it. `gone`: the subscription no longer
 * exists (404/410) and should be forgotten. `too-large`: the push service
 * refused the payload's size (413), which trying again will not change.
 * `withheld`: the sandbox kept it on this machine. A 429 is thrown as
 * `PushRateLimited`; any other answer is thrown, so the outbox tries again.
 */
export type PushOutcome = 'delivered' | 'gone' | 'too-large' | 'withheld';

/** The push services' seam: VAPID-signed, aes128gcm-encrypted pushes. */
export interface PushSender {
  /** the VAPID public key (base64url) browsers subscribe with */
  readonly publicKey: string;
  send(message: PushMessage): Promise<PushOutcome>;
}
