import { describe, expect, it, vi } from 'vitest';
import { askOnLoad } from './ask-on-load.ts';

describe('askOnLoad', () => {
  it("asks for the screen's data when the page loads, with what its answers module takes", async () => {
    const askAnswers = vi.fn(async (_transRef: string) => undefined);
    askOnLoad(false, async () => ({ askAnswers }), 'SRCETSCZ33');
    await vi.waitFor(() => expect(askAnswers).toHaveBeenCalledExactlyOnceWith('SRCETSCZ33'));
  });

  it('lets the page render when its answers module says', async () => {
    let done!: () => void;
    const loaded = askOnLoad(false, async () => ({
      askAnswers: () =>
        new Promise<void>((resolve) => {
          done = resolve;
        }),
    }));
    let rendered = false;
    void loaded?.then(() => {
      rendered = true;
    });
    await vi.waitFor(() => expect(done).toBeTypeOf('function'));
    expect(rendered).toBe(false);
    done();
    await vi.waitFor(() => expect(rendered).toBe(true));
  });

  it("asks nothing for a link's hover preload, nor waits", () => {
    const load = vi.fn(async () => ({ askAnswers: async () => undefined }));
    expect(askOnLoad(true, load)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('lets the screen ask again when the chunk that asks could not load', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      askOnLoad(false, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
