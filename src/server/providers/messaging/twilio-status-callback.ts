import type { AppDeps } from '../../http/app-env.ts';
import { TWILIO_SIGNATURE_HEADER, twilioSignatureHolds } from './twilio-signature.ts';

export { TWILIO_SIGNATURE_HEADER };

/** What a status callback asks of us: recorded, refused (bad signature), or not ours to take (no Twilio here). */
export type StatusCallbackOutcome = 'recorded' | 'refused' | 'not-configured';

const SID = /^(SM|MM)[0-9a-fA-F]{32}$/;

/**
 * A delivery report Twilio posted to our StatusCallback URL: believed only if
 * its X-Twilio-Signature is the HMAC-SHA1 of the URL Twilio was given (our
 * public origin, the path and query as received) and the sorted form
 * parameters, under the account's auth token; then each status of a message
 * is recorded once. The text itself and the numbers are not kept.
 */
export async function receiveTwilioStatus(
  deps: AppDeps,
  request: { pathAndQuery: string; form: URLSearchParams; signature: string | undefined },
): Promise<StatusCallbackOutcome> {
  const settings = deps.config.providers.sms;
  const origin = deps.config.publicOrigin;
  if (settings.kind !== 'twilio' || !origin) return 'not-configured';
  const url = new URL(request.pathAndQuery, origin).toString();
  if (!twilioSignatureHolds(settings.authToken, url, [...request.form.entries()], request.signature)) return 'refused';
  const sid = request.form.get('MessageSid') ?? '';
  const status = request.form.get('MessageStatus') ?? '';
  if (!SID.test(sid) || !/^[a-z_]{1,32}$/.test(status) || request.form.get('AccountSid') !== settings.accountSid) {
    return 'refused';
  }
  const key = new URL(url).searchParams.get('key');
  await deps.db
    .insertInto('message_delivery_reports')
    .values({
      provider: 'twilio',
      provider_message_id: sid,
      idempotency_key: key && key.length <= 200 ? key : null,
      status,
      error_code: request.form.get('ErrorCode')?.slice(0, 16) || null,
      received_at: deps.clock.now(),
    })
    .onConflict((oc) => oc.constraint('message_delivery_reports_once').doNothing())
    .execute();
  deps.logger.info({ providerMessageId: sid, status }, 'SMS delivery report');
  return 'recorded';
}
