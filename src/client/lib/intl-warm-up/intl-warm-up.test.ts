import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../domain/locales.ts';
import { warmUpIntl } from './intl-warm-up.ts';

/** A browser's Worker that records what the page did with it. */
function fakeWorkers() {
  const made: FakeWorker[] = [];
  class FakeWorker {
    onerror: (() => void) | null = null;
    posted: unknown[] = [];
    terminated = false;
    constructor(
      readonly url: URL,
      readonly options: WorkerOptions,
    ) {
      made.push(this);
    }
    postMessage(message: unknown) {
      this.posted.push(message);
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return made;
}

describe('warmUpIntl', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the warm-up worker with the locale, which ends itself', () => {
    const made = fakeWorkers();
    warmUpIntl('sv');
    expect(made).toHaveLength(1);
    const [worker] = made;
    expect(worker?.url.pathname).toMatch(/intl-warm-up-worker\.ts$/);
    expect(worker?.options.type).toBe('module');
    expect(worker?.posted).toEqual(['sv']);
    expect(worker?.terminated).toBe(false);
  });

  it('ends a worker that failed', () => {
    const made = fakeWorkers();
    warmUpIntl('so');
    made[0]?.onerror?.();
    expect(made[0]?.terminated).toBe(true);
  });

  it('leaves the first formatter to pay the cost where no worker can start', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmUpIntl('en-GB')).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    expect(() => warmUpIntl('en-GB')).not.toThrow();
  });
});

describe('the warm-up worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(LOCALES)('builds the formatters in %s, then ends itself', async (locale) => {
    const close = vi.fn();
    vi.stubGlobal('close', close);
    vi.resetModules();
    await import('./intl-warm-up-worker.ts');
    self.onmessage?.(new MessageEvent('message', { data: locale }));
    expect(close).toHaveBeenCalledOnce();
  });
});
