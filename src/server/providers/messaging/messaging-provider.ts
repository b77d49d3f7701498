/** An SMS or e-mail to one recipient. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** e-mail address, or phone number in E.164 form */
  to: string;
  /** e-mail subject; null for SMS */
  subject: string | null;
  body: string;
}

/** The SMS and e-mail sender (DESIGN §4). Only the outbox worker calls it. */
export interface MessagingProvider {
  /** Hand the message over; throws when the provider refuses it or is unreachable. */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
}
