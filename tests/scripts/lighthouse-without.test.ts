import { describe, expect, it } from 'vitest';
import { leaveOut } from '../../scripts/bench/lighthouse-without.ts';

const sent = (requestId: string, url: string) => ({
  method: 'Network.requestWillBeSent',
  params: { requestId, request: { url } },
});
const received = (requestId: string) => ({ method: 'Network.loadingFinished', params: { requestId } });
const traced = (requestId: string) => ({ name: 'ResourceFinish', args: { data: { requestId } } });

describe('a kept Lighthouse run without some of its requests', () => {
  const log = [
    sent('1', 'http://127.0.0.1:8183/home'),
    sent('2', 'http://127.0.0.1:8183/api/main/user/get'),
    { method: 'Page.frameNavigated', params: {} },
    received('2'),
    received('1'),
  ];
  const trace = { traceEvents: [traced('1'), traced('2'), { name: 'RunTask', args: {} }] };

  it('leaves out every log and trace event of the requests whose address matches, and nothing else', () => {
    const left = leaveOut(log, trace, /\/api\//);
    expect(left.dropped).toBe(1);
    expect(left.log).toEqual([log[0], log[2], log[4]]);
    expect(left.trace.traceEvents).toEqual([trace.traceEvents[0], trace.traceEvents[2]]);
  });

  it('leaves the run whole when no address matches', () => {
    const left = leaveOut(log, trace, /\.svg$/);
    expect(left).toEqual({ log, trace, dropped: 0 });
  });
});
