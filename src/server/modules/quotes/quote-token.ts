import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { QuoteRow } from '../../db/tables/quotes.ts';

/**
 * A quote is a signed, self-contained token: its id carries the price, the
 * rate, the corridor, the customer and the expiry, with an HMAC-SHA256 tag
 * over them, so pricing writes nothing. The quote is stored (by its id) only
 * when a transfer takes it; a quote nobody uses costs no write at all.
 *
 *   q1.<base64url JSON of the fields>.<base64url tag, 18 bytes>
 */
const VERSION = 'q1';
const TAG_BYTES = 18;
/**
 * 48 random bits (the first 12 hex digits of a v4 UUID, all random): enough to tell apart two quotes of the
 * same price for the same customer in the same millisecond. randomUUID draws from a buffered pool;
 * randomBytes would ask OpenSSL on every quote.
 */
const nonce = () => {
  const uuid = randomUUID(); // xxxxxxxx-xxxx-4xxx-…: the version digit comes after the first 12
  return uuid.slice(0, 8) + uuid.slice(9, 13);
};

type Fields = [
  nonce: string,
  customerId: string,
  corridorId: string,
  sourceCountry: string,
  sourceCurrency: string,
  destinationCountry: string,
  destinationCurrency: string,
  payoutType: string,
  payoutProviderName: string,
  amountType: string,
  midRate: string,
  rate: string,
  sendAmount: string,
  fee: string,
  total: string,
  receiveAmount: string,
  deliveryHours: number,
  promoCode: string | null,
  feeDiscount: string,
  expiresAt: number,
  createdAt: number,
];

const FIELD_COUNT = 21;

function tagOf(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}.${payload}`).digest().subarray(0, TAG_BYTES);
}

/** The id of a quote priced now: the row itself, signed. */
export function signQuote(key: Buffer, quote: Omit<QuoteRow, 'id'>): string {
  const fields: Fields = [
    nonce(),
    quote.customer_id,
    quote.corridor_id,
    quote.source_country_iso2,
    quote.source_currency,
    quote.destination_country_iso2,
    quote.destination_currency,
    quote.payout_type,
    quote.payout_provider_name,
    quote.amount_type,
    quote.mid_rate,
    quote.rate,
    String(quote.send_amount),
    String(quote.fee),
    String(quote.total),
    String(quote.receive_amount),
    quote.delivery_hours,
    quote.promo_code,
    String(quote.fee_discount),
    quote.expires_at.getTime(),
    quote.created_at.getTime(),
  ];
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${VERSION}.${payload}.${tagOf(key, payload).toString('base64url')}`;
}

function isFields(value: unknown): value is Fields {
  return Array.isArray(value) && value.length === FIELD_COUNT;
}

/**
 * The quote an id stands for, or null when the id is not one this server
 * signed with this key (a forged, altered or truncated id, or any other string).
 */
export function readQuote(key: Buffer, id: string): QuoteRow | null {
  const [version, payload, tag, ...rest] = id.split('.');
  if (version !== VERSION || payload === undefined || tag === undefined || rest.length > 0) return null;
  // compared as text: base64url decoding forgives stray characters, a signature must not
  const given = Buffer.from(tag);
  const expected = Buffer.from(tagOf(key, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!isFields(fields)) return null;
  const [
    ,
    customerId,
    corridorId,
    sourceCountry,
    sourceCurrency,
    destinationCountry,
    destinationCurrency,
    payoutType,
    payoutProviderName,
    amountType,
    midRate,
    rate,
    sendAmount,
    fee,
    total,
    receiveAmount,
    deliveryHours,
    promoCode,
    feeDiscount,
    expiresAt,
    createdAt,
  ] = fields;
  return {
    id,
    customer_id: customerId,
    corridor_id: corridorId,
    source_country_iso2: sourceCountry,
    source_currency: sourceCurrency,
    destination_country_iso2: destinationCountry,
    destination_currency: destinationCurrency,
    payout_type: payoutType as QuoteRow['payout_type'],
    payout_provider_name: payoutProviderName,
    amount_type: amountType as QuoteRow['amount_type'],
    mid_rate: midRate,
    rate,
    send_amount: BigInt(sendAmount),
    fee: BigInt(fee),
    total: BigInt(total),
    receive_amount: BigInt(receiveAmount),
    delivery_hours: deliveryHours,
    promo_code: promoCode,
    fee_discount: BigInt(feeDiscount),
    expires_at: new Date(expiresAt),
    created_at: new Date(createdAt),
  };
}
