import type { Locale } from './locales.ts';

/** The support chat's language tags (SPEC §1): its agents speak English or Somali. */
export const SUPPORT_CHAT_TAGS = ['english', 'somali'] as const;
export type SupportChatTag = (typeof SUPPORT_CHAT_TAGS)[number];

/** Somali speakers reach the Somali-speaking agents; everyone else the English-speaking ones. */
export function supportChatTag(locale: Locale): SupportChatTag {
  return locale === 'so' ? 'somali' : 'english';
}
