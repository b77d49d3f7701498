import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

const countryNames = new Intl.DisplayNames('en', { type: 'region' });

/** The confirmation that someone will hear when Sarraf launches in their country. */
export function launchInterestEmail(to: string, country: string, fullName: string | null): OutgoingMessage {
  const where = countryNames.of(country) ?? country;
  return {
    channel: 'email',
    to,
    subject: `We will tell you when Sarraf launches in ${where}`,
    body: [
      fullName ? `Hello ${fullName},` : 'Hello,',
      `Thank you for your interest in Sarraf. We do not serve ${where} yet; we will write to you at this address as soon as we do.`,
      'If you did not ask for this, you can ignore this e-mail: we will not write to you again unless we launch there.',
    ].join('\n\n'),
  };
}
