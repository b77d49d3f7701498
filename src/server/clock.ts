/** Time as the server sees it; tests pass a clock they can move. */
export interface Clock {
  now(): Date;
  /** Wait `ms` (a deliberate pause, e.g. after a failed sign-in); a manual clock moves instead. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-15T10:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  /** No real wait: the clock moves on by `ms`, so a test sees the pause without sleeping. */
  async sleep(ms: number): Promise<void> {
    this.advance(ms);
  }
}
