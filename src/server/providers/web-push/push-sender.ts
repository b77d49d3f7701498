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
}

/**
 * `delivered`: the push service took it. `gone`: the subscription no longer
 * exists (404/410) and should be forgotten. `withheld`: the sandbox kept it on
 * this machine. Any other answer is thrown, so the outbox tries again later.
 */
export type PushOutcome = 'delivered' | 'gone' | 'withheld';

/** The push services' seam: VAPID-signed, aes128gcm-encrypted pushes. */
export interface PushSender {
  /** the VAPID public key (base64url) browsers subscribe with */
  readonly publicKey: string;
  send(message: PushMessage): Promise<PushOutcome>;
}
