import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/domain/locales.ts';
import * as messageTexts from '../../../src/domain/message-texts.ts';
import * as notificationTexts from '../../../src/domain/notification-texts.ts';
import {
  LATE_PAYMENT_BODY_TEXT,
  LATE_PAYMENT_TITLE_TEXT,
  PROMO_SAVED_BODY_TEXT,
  PROMO_SAVED_TITLE_TEXT,
  RATE_ALERT_BODY_TEXT,
  RATE_ALERT_TITLE_TEXT,
  TOP_UP_BODY_TEXT,
  TOP_UP_TITLE_TEXT,
  TRANSFER_AMOUNT_TO_TEXT,
  TRANSFER_STATUS_TITLE_TEXTS,
} from '../../../src/domain/notification-texts.ts';
import { parsePo, translate } from '../../../src/server/i18n/catalogs.ts';

describe('push texts in the customer language', () => {
  it('are the messages of every catalog, translated in each (the bell and the push say the same)', () => {
    for (const locale of LOCALES) {
      for (const source of [...Object.values(TRANSFER_STATUS_TITLE_TEXTS), TRANSFER_AMOUNT_TO_TEXT]) {
        const translated = translate(locale, source, { amount: 'KES 10.00', name: 'Hodan' });
        expect(translated, `${locale}: ${source}`).not.toMatch(/\{\w+\}/);
        if (locale === 'so' || locale === 'sv') expect(translated, `${locale}: ${source}`).not.toBe(source);
      }
    }
    expect(translate('sv', TRANSFER_AMOUNT_TO_TEXT, { amount: 'KES 10.00', name: 'Hodan' })).toBe(
      'KES 10.00 till Hodan',
    );
    expect(translate('xx', TRANSFER_STATUS_TITLE_TEXTS.completed)).toBe('Your money has been delivered');
  });

  it('the e-mails, texts and the rate alert are translated in each catalog, every placeholder kept', () => {
    const sources = [
      RATE_ALERT_TITLE_TEXT,
      RATE_ALERT_BODY_TEXT,
      LATE_PAYMENT_TITLE_TEXT,
      LATE_PAYMENT_BODY_TEXT,
      TOP_UP_TITLE_TEXT,
      TOP_UP_BODY_TEXT,
      PROMO_SAVED_TITLE_TEXT,
      PROMO_SAVED_BODY_TEXT,
      ...Object.values(messageTexts).flatMap((text) => (typeof text === 'string' ? [text] : Object.values(text))),
      // every push text, the scheduled transfers' and the late fee's among them
      ...Object.values(notificationTexts).flatMap((text) => (typeof text === 'string' ? [text] : Object.values(text))),
    ];
    expect(sources.length).toBeGreaterThan(15);
    for (const locale of LOCALES) {
      for (const source of sources) {
        const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
        const translated = translate(locale, source);
        expect(placeholders(translated), `${locale}: ${source}`).toEqual(placeholders(source));
        if (locale === 'so' || locale === 'sv') expect(translated, `${locale}: ${source}`).not.toBe(source);
      }
    }
  });

  it('reads continued lines and escapes as Lingui writes them, and leaves untranslated messages out', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: so\\n"',
      '',
      '#: src/a.tsx:1',
      'msgid ""',
      '"A long "',
      '"message \\"quoted\\""',
      'msgstr "Farriin \\"dheer\\""',
      '',
      'msgid "Not yet"',
      'msgstr ""',
    ].join('\n');
    expect([...parsePo(po)]).toEqual([['A long message "quoted"', 'Farriin "dheer"']]);
  });
});
