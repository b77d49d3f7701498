import { describe, expect, it } from 'vitest';
import { floorSummary, median, offlineSummary } from '../../scripts/bench/offline-warm-summary.ts';

/** The offline warm-start bench's verdict on a page: median ≤ 300 ms and no run over 600 ms. */
describe('the offline warm-start goal', () => {
  it('is met at a median of 300 ms with every run at most 600 ms', () => {
    const line = offlineSummary('home', [310, 250.4, 600, 300, 120]);
    expect(line).toContain('median 300 ms [120–600], max 600 ms of 5 runs (310, 250, 600, 300, 120)');
    expect(line).toMatch(/goal met$/);
  });

  it.each([
    ['a median over 300 ms', [301, 301, 200, 320, 290]],
    ['one run over 600 ms', [100, 100, 601, 100, 100]],
    ['no run at all', []],
  ])('is not met with %s', (_, runs) => {
    expect(offlineSummary('home', runs)).toMatch(/goal not met$/);
  });

  it("says how many times the floor's median the page's median is, the goal still its own", () => {
    const line = offlineSummary('wallets', [440, 400, 460], [200, 230, 190]);
    expect(line).toContain("median 440 ms [400–460], max 460 ms of 3 runs (440, 400, 460), 2.20× the floor's");
    expect(line).toMatch(/goal not met$/);
    expect(offlineSummary('home', [250, 260, 240], [200, 240, 250])).toMatch(/1\.04× the floor's: goal met$/);
  });

  it("prints the floor's runs as a page's, without a goal", () => {
    expect(floorSummary([219.4, 170, 320])).toBe(
      "floor      median 219 ms [170–320], max 320 ms of 3 runs (219, 170, 320): the stack's bare shell, for comparison",
    );
  });

  it('takes the lower middle of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2);
  });
});
