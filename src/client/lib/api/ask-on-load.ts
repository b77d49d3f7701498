/** A screen's answers module (`<screen>-answers.ts`): `askAnswers` asks for the screen's data, its `primeEndpoint` calls. */
interface ScreenAnswers<A extends unknown[]> {
  askAnswers: (...args: A) => void;
}

/**
 * For a route's loader: asks for its screen's data (`load`: the screen's answers module, loaded with the screen's
 * chunk; `args`: what its `askAnswers` takes) while the router resolves the page, before React renders it; on a slow
 * phone that render takes about as long as the answers' round trip. Not on a link's hover preload (`preload`), which
 * would ask the server for data nobody may open. The module is named, not a function of it: each route's loader is
 * in the first load's shell, and `import(…)` alone is the least of it.
 */
export function askOnLoad<A extends unknown[]>(
  preload: boolean,
  load: () => Promise<ScreenAnswers<A>>,
  ...args: A
): void {
  if (!preload)
    void load().then(
      (answers) => answers.askAnswers(...args),
      () => undefined,
    );
}
