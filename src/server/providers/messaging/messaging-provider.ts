import type { ProviderCall } from '../provider-call.ts';

/** An SMS or e-mail to one recipient. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** e-mail address, or phone number in E.164 form */
  to: string;
  /** e-mail subject; null for SMS */
  subject: string | null;
  body: string;
  /** the language the texts are in (a BCP 47 tag): an e-mail's `lang` and `Content-Language` */
  locale?: string;
}

/** The SMS and e-mail sender (DESIGN §4). Only the outbox worker calls it. */
export interface MessagingProvider {
  /**
   * Hand the message over; throws when the provider refuses it or is
   * unreachable. A key already sent is not sent again: the answer is the
   * first send's.
   */
  send(message: OutgoingMessage, call: ProviderCall): Promise<{ providerMessageId: string }>;
  /** let go of held connections (a pool), at shutdown */
  close?(): void;
}
