import { describe, expect, it } from 'vitest';
import type { ReportEvent } from './report-events.ts';
import { createErrorReporter } from './reporter.ts';

/** A reporter whose random draws are `draws` in turn (the session's, then on-error's, then one per trace). */
function reporterWith(draws: number[]) {
  const sent: ReportEvent[][] = [];
  let clock = 1_000;
  const reporter = createErrorReporter({
    release: '1.2.3',
    page: () => '/transfers/$transactionReference',
    locale: () => 'so',
    send: (events) => sent.push(events),
    random: () => draws.shift() ?? 0.5,
    now: () => clock,
  });
  return { reporter, sent, advance: (ms: number) => (clock += ms) };
}

describe('the error reporter', () => {
  it('reports an error at once, scrubbed, with the release, route pattern and language', () => {
    const { reporter, sent } = reporterWith([0.9, 0.5]);
    reporter.report(new TypeError('No recipient for amina@example.test'));
    reporter.report('a string thrown');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual([
      {
        kind: 'error',
        release: '1.2.3',
        page: '/transfers/$transactionReference',
        locale: 'so',
        type: 'TypeError',
        message: 'No recipient for [email]',
        frames: expect.any(Array),
      },
    ]);
    expect(sent[1]?.[0]).toMatchObject({ type: 'Error', message: 'a string thrown', frames: [] });
  });

  it('sends navigation traces ten at a time, and what waits when the page is hidden', () => {
    const { reporter, sent } = reporterWith([0.9, 0.5]);
    for (let i = 0; i < 12; i++) reporter.navigated(i + 0.4);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(10);
    expect(sent[0]?.[3]).toMatchObject({ kind: 'trace', duration_ms: 3 });
    reporter.flush();
    // the session was not sampled (0.9 ≥ 0.1) and met no error: no summary
    expect(sent[1]?.map((event) => event.kind)).toEqual(['trace', 'trace']);
  });

  it('a sampled session sends its summary once; an unsampled one only after an error', () => {
    const sampled = reporterWith([0.05, 0.5]);
    sampled.reporter.navigated(5);
    sampled.advance(61_400);
    sampled.reporter.flush();
    sampled.reporter.flush();
    const summaries = sampled.sent.flat().filter((event) => event.kind === 'session');
    expect(summaries).toEqual([expect.objectContaining({ status: 'ok', pages: 1, duration_s: 61 })]);

    const quiet = reporterWith([0.5, 0.5]);
    quiet.reporter.flush();
    expect(quiet.sent).toEqual([]);
    quiet.reporter.report(new Error('boom'));
    quiet.reporter.flush();
    expect(quiet.sent.flat().filter((event) => event.kind === 'session')).toEqual([
      expect.objectContaining({ status: 'errored' }),
    ]);
  });
});
