import { endpoint } from '../endpoint.ts';
import { array, assign, enums, type Infer, nullable, object, refine, string } from '../structs.ts';
import { CurrencyPair } from './conversion.ts';

/** Rate alerts: a notification when a currency pair's rate reaches the customer's target. */

/** A rate as customers type it: up to 9 digits, up to 8 decimals, above zero. */
export const TargetRate = refine(
  string(),
  'target_rate',
  (value) =>
    (/^\d{1,9}(?:\.\d{1,8})?$/.test(value) && /[1-9]/.test(value)) || 'Enter a rate above zero, such as 1.1650',
  { pattern: '^(?=.*[1-9])\\d{1,9}(?:\\.\\d{1,8})?$' },
);

/** POST /remit/wallet/rate-alerts body: tell me when one `from_currency` buys `target_rate` of `to_currency`. */
export const CreateRateAlertRequest = assign(CurrencyPair, object({ target_rate: TargetRate }));
export type CreateRateAlertRequest = Infer<typeof CreateRateAlertRequest>;

/** POST /remit/wallet/rate-alerts/delete body. */
export const DeleteRateAlertRequest = object({
  alert_id: refine(string(), 'alert_id', (value) => /^ral_[A-Za-z0-9_-]{1,64}$/.test(value) || 'Unknown alert', {
    pattern: '^ral_[A-Za-z0-9_-]{1,64}$',
  }),
});

/**
 * A rate alert: ACTIVE waits for the feed's mid rate to reach `target_rate`
 * from its side (`direction`), then it is FIRED, once, with a notification.
 */
export const RateAlert = object({
  id: string(),
  from_currency: string(),
  to_currency: string(),
  target_rate: string(),
  direction: enums(['above', 'below']),
  /** the feed's rate when the alert was made */
  rate_at_creation: string(),
  status: enums(['ACTIVE', 'FIRED']),
  fired_rate: nullable(string()),
  /** ISO 8601 */
  fired_at: nullable(string()),
  created_at: string(),
});
export type RateAlert = Infer<typeof RateAlert>;

/** Rate alerts. */
export const rateAlertCalls = {
  listRateAlerts: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/wallet/rate-alerts',
    auth: 'session',
    /** newest first */
    response: array(RateAlert),
    offline: 'last-known',
  }),
  createRateAlert: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/rate-alerts',
    auth: 'session',
    body: CreateRateAlertRequest,
    response: RateAlert,
    status: 201,
  }),
  deleteRateAlert: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/rate-alerts/delete',
    auth: 'session',
    body: DeleteRateAlertRequest,
    response: array(RateAlert),
  }),
} as const;
