/**
 * What a page's simulated paint would be without some of its requests: audits a run the Lighthouse bench kept
 * (`npm run bench -- --lighthouse --keep-reports=DIR`, each run's folder in DIR) again, once as gathered and once
 * with every request whose address matches each pattern taken out of its DevTools log and trace, and prints the
 * simulated FCP and LCP of each. A what-if, not a build: the requests left keep their observed timings, so it tells
 * which requests the paint's simulation waits on, an upper bound on what leaving them out could give.
 *
 *   npx tsx scripts/bench/lighthouse-without.ts DIR/home-answered-1 '/api/' 'page\.home'
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LIGHTHOUSE } from './lighthouse-score.ts';

export interface LogEvent {
  method?: string;
  params?: { requestId?: string; request?: { url: string } };
}
export interface TraceEvent {
  args?: { data?: { requestId?: string } };
}

/**
 * The DevTools log and trace of a run without the requests whose address matches `drop`: every log event and trace
 * event of those requests (by request id) left out; with the count of requests left out.
 */
export function leaveOut(
  log: LogEvent[],
  trace: { traceEvents: TraceEvent[] },
  drop: RegExp,
): { log: LogEvent[]; trace: { traceEvents: TraceEvent[] }; dropped: number } {
  const ids = new Set(
    log
      .filter((e) => e.method === 'Network.requestWillBeSent' && drop.test(e.params?.request?.url ?? ''))
      .map((e) => e.params?.requestId),
  );
  return {
    log: log.filter((e) => !ids.has(e.params?.requestId)),
    trace: { ...trace, traceEvents: trace.traceEvents.filter((e) => !ids.has(e.args?.data?.requestId)) },
    dropped: ids.size,
  };
}

/** The run in `kept` audited with the requests matching `drop` left out: their count, simulated FCP and LCP. */
function audit(kept: string, drop: RegExp | undefined): { dropped: number; fcpMs: number; lcpMs: number } {
  const folder = mkdtempSync(join(tmpdir(), 'sarraf-lh-without-'));
  try {
    cpSync(kept, folder, { recursive: true });
    const logFile = join(folder, 'defaultPass.devtoolslog.json');
    const traceFile = join(folder, 'defaultPass.trace.json');
    let dropped = 0;
    if (drop) {
      const left = leaveOut(
        JSON.parse(readFileSync(logFile, 'utf8')),
        JSON.parse(readFileSync(traceFile, 'utf8')),
        drop,
      );
      writeFileSync(logFile, JSON.stringify(left.log));
      writeFileSync(traceFile, JSON.stringify(left.trace));
      dropped = left.dropped;
    }
    const report = join(folder, 'report.json');
    // the settings the bench gathered with (lighthouse-score.ts): Lighthouse refuses an audit under others
    execFileSync(LIGHTHOUSE, [
      `--audit-mode=${folder}`,
      '--disable-storage-reset',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ]);
    const metrics = JSON.parse(readFileSync(report, 'utf8')).audits.metrics.details.items[0];
    return {
      dropped,
      fcpMs: Math.round(metrics.firstContentfulPaint),
      lcpMs: Math.round(metrics.largestContentfulPaint),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [kept, ...patterns] = process.argv.slice(2);
  if (!kept) {
    console.error('usage: lighthouse-without.ts <a kept run folder> [<address pattern>…]');
    process.exit(2);
  }
  const asGathered = audit(kept, undefined);
  console.log(`as gathered: FCP ${asGathered.fcpMs} ms, LCP ${asGathered.lcpMs} ms`);
  for (const pattern of patterns) {
    const without = audit(kept, new RegExp(pattern));
    console.log(
      `without ${pattern} (${without.dropped} requests): FCP ${without.fcpMs} ms, LCP ${without.lcpMs} ms` +
        ` (${without.lcpMs - asGathered.lcpMs} ms)`,
    );
  }
}
