import {
  LAUNCH_INTEREST_EMAIL,
  LAUNCH_INTEREST_GREETING,
  LAUNCH_INTEREST_GREETING_NO_NAME,
  LAUNCH_INTEREST_SUBJECT,
} from '../../../domain/message-texts.ts';
import { translate } from '../../i18n/catalogs.ts';
import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/** The confirmation that someone will hear when Sarraf launches in their country, in the language they asked in. */
export function launchInterestEmail(
  to: string,
  country: string,
  fullName: string | null,
  locale: string,
): OutgoingMessage {
  const where = new Intl.DisplayNames(locale, { type: 'region' }).of(country) ?? country;
  return {
    channel: 'email',
    to,
    locale,
    subject: translate(locale, LAUNCH_INTEREST_SUBJECT, { country: where }),
    body: [
      fullName
        ? translate(locale, LAUNCH_INTEREST_GREETING, { name: fullName })
        : translate(locale, LAUNCH_INTEREST_GREETING_NO_NAME),
      ...LAUNCH_INTEREST_EMAIL.map((paragraph) => translate(locale, paragraph, { country: where })),
    ].join('\n\n'),
  };
}
