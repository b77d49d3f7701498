/** How many segments deep a path is: `/` is 0, `/send-money/quote` is 2. */
export function pathDepth(pathname: string): number {
  return pathname.split('/').filter(Boolean).length;
}

/**
 * The view-transition type of a navigation: going deeper slides forward
 * (the new page comes in from the inline end), going up slides back, and
 * moving sideways, staying on the page, or asking for reduced motion does not slide.
 */
export function slideTransition(
  fromPathname: string | undefined,
  toPathname: string,
  reducedMotion: boolean,
): ['slide-forward'] | ['slide-back'] | false {
  if (reducedMotion || fromPathname === undefined || fromPathname === toPathname) return false;
  const from = pathDepth(fromPathname);
  const to = pathDepth(toPathname);
  if (to > from) return ['slide-forward'];
  if (to < from) return ['slide-back'];
  return false;
}
