/**
 * Lighthouse mobile scores of our pages beside the stack floor's, in the same
 * run: before each page, `../shared/stack-floor/lighthouse.sh` builds the bare
 * shell of our stack and scores it three times; then the page is scored
 * `runs` times with the cookie notice unanswered (a first visit) and `runs`
 * times with it answered (`lighthouse-score.ts` says how each run's browser
 * is prepared). Needs that script beside the repository and Debian chromium.
 * Each page and cookie state ends with its median and range beside the
 * floor's, and the goal (`lighthouse-summary.ts`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { benchPages, type PageName } from './lighthouse-pages.ts';
import { LIGHTHOUSE, type PageScore, type Score, scorePage } from './lighthouse-score.ts';
import { summary } from './lighthouse-summary.ts';
import { machineLoad } from './machine-load.ts';
import { startBuiltServer, waitForHealth } from './server-process.ts';

const FLOOR_SCRIPT = '../shared/stack-floor/lighthouse.sh';
const PORT = 8283;
const COOKIE_STATES = [
  { label: 'notice unanswered', consent: undefined },
  { label: 'notice answered', consent: 'necessary-only' },
] as const;

const figures = (s: Score) => `perf ${s.perf} LCP_ms ${s.lcpMs} TBT_ms ${s.tbtMs} CLS ${s.cls.toFixed(3)}`;

/** The floor scored three times by its script (no page of ours), from its lines (`floor run 1: perf 99 LCP_ms 1913 TBT_ms 0 CLS 0.000`). */
function scoreFloor(): Score[] {
  const output = execFileSync('bash', [FLOOR_SCRIPT], { encoding: 'utf8' });
  const runs = [...output.matchAll(/^floor run \d+: perf (\d+) LCP_ms (\d+) TBT_ms (\d+) CLS ([\d.]+)$/gm)].map(
    (match) => ({ perf: Number(match[1]), lcpMs: Number(match[2]), tbtMs: Number(match[3]), cls: Number(match[4]) }),
  );
  if (runs.length === 0) throw new Error(`the floor was not scored:\n${output}`);
  return runs;
}

/** Lighthouse's own failures to record a load ("Runtime error encountered: … Please run Lighthouse again."). */
const LIGHTHOUSE_RUNTIME_ERROR = /Runtime error encountered/;
const ATTEMPTS = 3;

/**
 * A run, made again (on a fresh browser, as every run) when Lighthouse itself failed to record the page's load, as it
 * asks (`NO_NAVSTART` ended a whole 11-page bench after its first run); any other failure stops the bench.
 */
async function scoreWithRetries(score: () => Promise<PageScore>): Promise<PageScore> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await score();
    } catch (error) {
      if (attempt === ATTEMPTS || !LIGHTHOUSE_RUNTIME_ERROR.test(String(error))) throw error;
      console.log(`Lighthouse failed to record the load (attempt ${attempt} of ${ATTEMPTS}): run again`);
    }
  }
}

/**
 * Scores `pages` (`runs` times each per cookie state), each beside the floor scored just before it; prints every
 * run as it ends and returns a summary per page and cookie state, or undefined without the floor's script. With
 * `keepReports`, a folder, each run's whole report is kept there (`<page>-<answered|unanswered>-<run>.json`), and what
 * Lighthouse gathered for it in the folder of the same name.
 */
export async function benchLighthouse(
  pages: PageName[],
  runs: number,
  keepReports?: string,
): Promise<string[] | undefined> {
  if (!existsSync(FLOOR_SCRIPT)) return undefined;
  if (keepReports) mkdirSync(keepReports, { recursive: true });
  const base = `http://127.0.0.1:${PORT}`;
  const child = await startBuiltServer(PORT);
  console.log(`load average before: ${machineLoad()}`);
  const summaries: string[] = [];
  try {
    await waitForHealth(child, base);
    for (const page of await benchPages(base, pages)) {
      const floor = scoreFloor();
      // the floor's script installs the Lighthouse every page is scored with
      if (!existsSync(LIGHTHOUSE)) throw new Error(`${FLOOR_SCRIPT} did not install ${LIGHTHOUSE}`);
      for (const [n, s] of floor.entries()) console.log(`${page.path} floor run ${n + 1}: ${figures(s)}`);
      for (const state of COOKIE_STATES) {
        const scores: PageScore[] = [];
        for (let run = 1; run <= runs; run++) {
          const kept =
            keepReports && join(keepReports, `${page.name}-${state.consent ? 'answered' : 'unanswered'}-${run}`);
          const path = page.renew ? await page.renew() : page.path;
          const s = await scoreWithRetries(() =>
            scorePage(base, path, { token: page.token, consent: state.consent }, kept || undefined),
          );
          scores.push(s);
          console.log(`${path} ${state.label} run ${run}: ${figures(s)} LCP element: ${s.lcpElement}`);
        }
        summaries.push(summary(`${page.name}, ${state.label}`, scores, floor));
      }
    }
    return [`load average after: ${machineLoad()}`, ...summaries];
  } finally {
    child.kill();
  }
}
