/**
 * A screen's answers module (`<screen>-answers.ts`): `askAnswers` asks for the screen's data, its `primeEndpoint`
 * calls, and resolves when the page may render (`screenAnswers`), or returns nothing when it may render at once.
 */
interface ScreenAnswers<A extends unknown[]> {
  askAnswers: (...args: A) => Promise<void> | void;
}

/**
 * For a route's loader: asks for its screen's data (`load`: the screen's answers module, loaded with the screen's
 * chunk; `args`: what its `askAnswers` takes) while the router resolves the page, before React renders it; on a slow
 * phone that render takes about as long as the answers' round trip. Not on a link's hover preload (`preload`), which
 * would ask the server for data nobody may open. The module is named, not a function of it: each route's loader is
 * in the first load's shell, and `import(…)` alone is the least of it. The page then waits for those answers, at most
 * `FIRST_ANSWERS_WAIT_MS` (primed-answers.ts).
 */
export function askOnLoad<A extends unknown[]>(
  preload: boolean,
  load: () => Promise<ScreenAnswers<A>>,
  ...args: A
): Promise<void> | undefined {
  if (!preload) return load().then((answers) => answers.askAnswers(...args), noop);
}

/** A screen's chunk that could not load: the screen asks again as it renders (`useAskFirst`). */
const noop = () => undefined;
