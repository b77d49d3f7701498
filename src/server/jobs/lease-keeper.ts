/**
 * Renews a claim while its work runs: calls `renew` every `everyMs` of real
 * time, one call at a time, until stopped or until `renew` answers false (the
 * claim is lost). `renew` must not throw.
 */
export class LeaseKeeper {
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly renew: () => Promise<boolean>,
    private readonly everyMs: number,
  ) {
    this.schedule();
  }

  /** No renewal after this; waits for one in flight, so the caller's next write of the claim comes after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.renewing;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.renewing = this.renew().then((held) => {
        if (held && !this.stopped) this.schedule();
      });
    }, this.everyMs);
  }
}
