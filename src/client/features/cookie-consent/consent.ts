import { enums } from 'superstruct';
import { COOKIE_CONSENT_KEY } from '../../lib/local-settings.ts';
import { persistedStringAtom } from '../../lib/persisted-atom.ts';

/** The customer's answer on this device: analytics accepted, or only what the app needs; null until they answer. */
export const cookieConsentAtom = persistedStringAtom(
  COOKIE_CONSENT_KEY,
  enums(['accepted', 'necessary-only'] as const),
  null,
);
