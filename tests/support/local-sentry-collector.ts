import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Envelope, parseEnvelope } from '@sentry/core';

export interface ReceivedEnvelope {
  /** the project id of the path (`/api/<project>/envelope/`) */
  project: string;
  /** the `sentry_key` the SDK authenticated with */
  key: string | null;
  /** the raw body, as it came over the wire */
  raw: string;
  envelope: Envelope;
}

/**
 * A Sentry-compatible collector on this machine: it takes what an SDK posts to
 * a DSN's envelope endpoint, keeps the raw body, and parses it with
 * `@sentry/core`'s own `parseEnvelope`. Answers as Sentry does, with CORS
 * for a browser's report.
 */
export class LocalSentryCollector {
  readonly received: ReceivedEnvelope[] = [];
  readonly publicKey = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  readonly project = '4507';
  private waiters: Array<() => void> = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalSentryCollector> {
    let collector: LocalSentryCollector | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const cors = { 'access-control-allow-origin': '*' };
        const url = new URL(req.url ?? '/', 'http://collector');
        const path = /^\/api\/(\d+)\/envelope\/$/.exec(url.pathname);
        if (req.method !== 'POST' || !path) {
          res.writeHead(req.method === 'OPTIONS' ? 204 : 404, cors).end();
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        collector?.keep({
          project: path[1] ?? '',
          key: url.searchParams.get('sentry_key'),
          raw,
          envelope: parseEnvelope(raw),
        });
        res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
      });
    });
    collector = new LocalSentryCollector(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return collector;
  }

  /** The DSN an SDK reports here with. */
  get dsn(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://${this.publicKey}@127.0.0.1:${port}/${this.project}`;
  }

  private keep(received: ReceivedEnvelope): void {
    this.received.push(received);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once `count` envelopes have come. */
  async waitFor(count: number): Promise<ReceivedEnvelope[]> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
