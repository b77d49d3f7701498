import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** the decrypted payload, read with the subscription's private key and auth secret */
  text: string;
}

/**
 * A push service on this machine: an http server that takes pushes (answering
 * `status`, 201 by default), and the browser side of a subscription (a P-256
 * key pair and an auth secret) to decrypt what arrives, as a browser would.
 */
export class LocalPushEndpoint {
  readonly received: ReceivedPush[] = [];
  /** every request, also those answered with another status than 201 */
  readonly requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  status = 201;
  /** the Retry-After the answers carry, when set */
  retryAfter: string | undefined;
  private readonly ecdh = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16).toString('base64url');

  private constructor(private readonly server: Server) {
    this.ecdh.generateKeys();
  }

  static async start(): Promise<LocalPushEndpoint> {
    let endpoint: LocalPushEndpoint | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        endpoint?.take(req.url ?? '', req.headers, Buffer.concat(chunks));
        const retryAfter = endpoint?.retryAfter;
        res.writeHead(endpoint?.status ?? 500, retryAfter ? { 'retry-after': retryAfter } : {}).end();
      });
    });
    endpoint = new LocalPushEndpoint(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return endpoint;
  }

  private take(path: string, headers: IncomingHttpHeaders, body: Buffer): void {
    this.requests.push({ path, headers });
    if (this.status !== 201) return;
    const text = decrypt(body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.authSecret }).toString();
    this.received.push({ path, headers, text });
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A subscription as `PushSubscription.toJSON()` gives it, at `/push/<name>` on this server. */
  subscription(name: string) {
    return {
      endpoint: `${this.origin}/push/${name}`,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret },
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
