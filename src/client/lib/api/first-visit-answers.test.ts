import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser whose service worker is installing (no controller yet) or already controls the page. */
function browserWithWorker(controlling: boolean) {
  const workers = Object.assign(new EventTarget(), { controller: controlling ? {} : null });
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: workers });
  const fetched: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      fetched.push(request);
      return new Response('{}');
    }),
  );
  return {
    fetched,
    takeControl: () => {
      workers.controller = {};
      workers.dispatchEvent(new Event('controllerchange'));
    },
  };
}

async function freshModule() {
  vi.resetModules();
  return import('./first-visit-answers.ts');
}

const read = (path: string) => () =>
  new Request(`http://localhost/api/main${path}`, {
    method: 'POST',
    headers: { 'x-auth-token': 'tok_1', 'content-type': 'application/json' },
    body: '{}',
  });

describe("a first visit's last-known reads", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are asked again, with their session and body, once a worker takes control, and only then', async () => {
    const browser = browserWithWorker(false);
    const { askAgainThroughWorker } = await freshModule();
    askAgainThroughWorker(read('/user/get'));
    askAgainThroughWorker(read('/remit/transaction/list'));
    expect(browser.fetched).toHaveLength(0);

    browser.takeControl();
    expect(browser.fetched).toHaveLength(2);
    expect(browser.fetched.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/main/user/get',
      '/api/main/remit/transaction/list',
    ]);
    expect(browser.fetched[0]?.headers.get('x-auth-token')).toBe('tok_1');
    expect(await browser.fetched[0]?.text()).toBe('{}');

    // asked once: a later change of worker (an update) sends nothing again
    browser.takeControl();
    expect(browser.fetched).toHaveLength(2);
  });

  it('are asked again at once when a worker took over while they were on their way', async () => {
    const browser = browserWithWorker(false);
    const { askAgainThroughWorker, passesNoWorker } = await freshModule();
    expect(passesNoWorker()).toBe(true);
    browser.takeControl();
    askAgainThroughWorker(read('/user/get'));
    expect(browser.fetched).toHaveLength(1);
  });

  it('are only those that passed no worker by: none on a controlled page, none without workers', async () => {
    browserWithWorker(true);
    expect((await freshModule()).passesNoWorker()).toBe(false);
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: undefined });
    expect((await freshModule()).passesNoWorker()).toBe(false);
  });
});
