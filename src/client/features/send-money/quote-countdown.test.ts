import { describe, expect, it } from 'vitest';
import { localDeadline } from './quote-countdown.ts';

describe('rate countdown', () => {
  it("puts the deadline on this device's clock from the server's timer, whatever the device's clock says", () => {
    expect(localDeadline({ minutes: 9, seconds: 58 }, 1_000)).toBe(1_000 + 598_000);
  });
});
