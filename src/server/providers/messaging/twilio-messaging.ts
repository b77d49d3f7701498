import type { Config } from '../../config.ts';
import type { ProviderCall } from '../provider-call.ts';
import type { TwilioSettings } from '../provider-settings.ts';
import type { MessagingProvider, OutgoingMessage } from './messaging-provider.ts';

/** Where Twilio posts a text's delivery status to us, under the provider callback base (`/api/hooks`). */
export const TWILIO_STATUS_PATH = '/twilio/message-status';

/** Our own base for provider callbacks; the app mounts them there (app.ts PROVIDER_CALLBACK_BASE). */
const CALLBACK_BASE = '/api/hooks';

/** The status callback URL Twilio is given, carrying the outbox key so a report finds its event. */
export function twilioStatusCallbackUrl(publicOrigin: string, idempotencyKey: string): string {
  const url = new URL(`${CALLBACK_BASE}${TWILIO_STATUS_PATH}`, publicOrigin);
  url.searchParams.set('key', idempotencyKey);
  return url.toString();
}

/**
 * SMS through Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, HTTP basic auth with the account SID and auth token) over
 * plain HTTPS. With a public origin each text asks for delivery reports at
 * `/api/hooks/twilio/message-status`, which checks Twilio's signature. The
 * API has no idempotency key: an event run again after a crash that came
 * between Twilio's acceptance and the outbox's record sends the text twice.
 */
export function twilioMessaging(
  settings: TwilioSettings,
  config: Pick<Config, 'publicOrigin'>,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): MessagingProvider {
  const url = `${settings.apiBase}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(message: OutgoingMessage, { idempotencyKey }: ProviderCall) {
      if (message.channel !== 'sms') throw new Error('the Twilio adapter sends SMS only');
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if ('from' in settings.sender) form.set('From', settings.sender.from);
      else form.set('MessagingServiceSid', settings.sender.messagingServiceSid);
      if (config.publicOrigin) form.set('StatusCallback', twilioStatusCallbackUrl(config.publicOrigin, idempotencyKey));
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
      if (response.status !== 201 || typeof answer.sid !== 'string') {
        // Twilio's error body: { code, message, more_info, status }; never the message text or number
        throw new Error(`Twilio answered ${response.status} (error ${String(answer.code ?? 'unknown')})`);
      }
      return { providerMessageId: answer.sid };
    },
  };
}
