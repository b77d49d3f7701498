import { describe, expect, it, vi } from 'vitest';
import { askOnLoad } from './ask-on-load.ts';

describe('askOnLoad', () => {
  it("asks for the screen's data when the page loads, with what its answers module takes", async () => {
    const askAnswers = vi.fn();
    askOnLoad(false, async () => ({ askAnswers }), 'SRCETSCZ33');
    await vi.waitFor(() => expect(askAnswers).toHaveBeenCalledExactlyOnceWith('SRCETSCZ33'));
  });

  it("asks nothing for a link's hover preload", () => {
    const load = vi.fn(async () => ({ askAnswers: () => undefined }));
    askOnLoad(true, load);
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
