import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import type { Page } from '@playwright/test';

export type CatalogLocale = 'en-GB' | 'en-CA' | 'en-US' | 'so' | 'sv';

interface Entry {
  message?: string;
  translation?: string;
}

/** The source text (en-GB) of every message, with its translation in `locale`. */
export async function catalogMessages(locale: CatalogLocale): Promise<Map<string, string>> {
  const text = readFileSync(`locales/${locale}/messages.po`, 'utf8');
  const entries = (await formatter().parse(text, {
    locale,
    sourceLocale: 'en-GB',
    filename: `${locale}/messages.po`,
  })) as Record<string, Entry>;
  return new Map(
    Object.values(entries).flatMap(({ message, translation }) =>
      message ? [[message, translation || message] as const] : [],
    ),
  );
}

/** Finds a screen's words by the English text the tests know: `t('Continue')` is "Sii wad" under so. */
export async function translator(locale: CatalogLocale): Promise<(english: string) => string> {
  const catalog = await catalogMessages(locale);
  return (english) => {
    const translation = catalog.get(english);
    if (translation === undefined) throw new Error(`no message "${english}" in the catalog`);
    return translation;
  };
}

const PLACEHOLDER_OR_TAG = /\{[^{}]*\}|<\/?\d+\/?>/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A matcher for each English message whose `locale` translation differs from
 * it (a proper name, a code such as IBAN, stays as it is): the whole of a
 * text on screen must be the message, its {placeholders} standing for
 * anything. Plurals and selects are left out: their words sit inside the ICU
 * syntax.
 */
export async function englishMessages(locale: CatalogLocale): Promise<{ message: string; pattern: RegExp }[]> {
  const catalog = await catalogMessages(locale);
  return [...catalog]
    .filter(([message, translation]) => message !== translation && !/, (plural|select|selectordinal),/.test(message))
    .map(([message]) => {
      const fragments = message.split(PLACEHOLDER_OR_TAG).map((part) => escapeRegExp(part.replace(/\s+/g, ' ')));
      return { message, pattern: new RegExp(`^${fragments.join('.*?')}$`, 's') };
    })
    .filter(({ message }) => /[a-z]{3}/i.test(message.replace(PLACEHOLDER_OR_TAG, '')));
}

/**
 * Every text a person can meet on the page as it is: visible text nodes (and
 * each list's options), the
 * whole text of each visible element that holds text (a message with tags is
 * split across elements), accessible names and hints in attributes, and the
 * title.
 */
export function textsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    const add = (value: string | null | undefined) => {
      const text = value?.replace(/\s+/g, ' ').trim();
      if (text) texts.add(text);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // an option of a closed list is not rendered, yet it is read out and shown once opened
      if (parent?.checkVisibility() || parent?.closest('option')) add(node.textContent);
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!element.checkVisibility() || element.closest('script, style')) continue;
      if (element.childElementCount > 0 && element.childElementCount < 6) add(element.innerText);
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
        add(element.getAttribute(attribute));
      }
    }
    return [...texts];
  });
}

/** The English messages on screen now, each with the text where it showed. */
export async function englishOnScreen(page: Page, messages: { message: string; pattern: RegExp }[]): Promise<string[]> {
  const texts = await textsOnScreen(page);
  return messages.flatMap(({ message, pattern }) =>
    texts.filter((text) => pattern.test(text)).map((text) => `"${message}" in "${text}"`),
  );
}
