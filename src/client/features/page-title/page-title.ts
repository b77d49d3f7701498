import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { BRAND_NAME } from '../../lib/brand.ts';

/** A route's title (route `staticData.title`): fixed, or chosen by the route's path parameters. */
export type RouteTitle = MessageDescriptor | ((params: Record<string, string>) => MessageDescriptor);

const DEFAULT_TITLE = msg`Trusted global money transfers and instant chat`;

/** "{title} | Sarraf" for the deepest route that has a title, else the default text. */
export function pageTitle(
  i18n: I18n,
  matches: readonly { staticData: { title?: RouteTitle }; params: Record<string, string> }[],
): string {
  const match = matches.findLast((candidate) => candidate.staticData.title !== undefined);
  const title = match?.staticData.title;
  const descriptor = typeof title === 'function' ? title(match?.params ?? {}) : (title ?? DEFAULT_TITLE);
  return `${i18n._(descriptor)} | ${BRAND_NAME}`;
}
