import type { Messages } from '@lingui/core';
import type { Locale } from '../../domain/locales.ts';

/** A part of a language's catalog, as its module comes. */
export type CatalogPart = Promise<{ messages: Messages }>;
type Part = () => CatalogPart;

/**
 * Each language's catalog in two parts (scripts/catalog-parts-plugin.ts): the messages of the screens a customer
 * opens first, which the page names in its head, and the rest, loaded after the first paint. Outside the first load:
 * the app starts with the catalog its page names (lib/i18n.ts), and these files' names are bytes gzip cannot shorten.
 */
export const catalogFiles: Record<Locale, { first: Part; rest: Part }> = {
  'en-GB': {
    first: () => import('../../../locales/en-GB/messages.po?part=first'),
    rest: () => import('../../../locales/en-GB/messages.po?part=rest'),
  },
  'en-CA': {
    first: () => import('../../../locales/en-CA/messages.po?part=first'),
    rest: () => import('../../../locales/en-CA/messages.po?part=rest'),
  },
  'en-US': {
    first: () => import('../../../locales/en-US/messages.po?part=first'),
    rest: () => import('../../../locales/en-US/messages.po?part=rest'),
  },
  so: {
    first: () => import('../../../locales/so/messages.po?part=first'),
    rest: () => import('../../../locales/so/messages.po?part=rest'),
  },
  sv: {
    first: () => import('../../../locales/sv/messages.po?part=first'),
    rest: () => import('../../../locales/sv/messages.po?part=rest'),
  },
};
