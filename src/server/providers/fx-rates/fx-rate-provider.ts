/** A mid-market rate: how many units of `to` one unit of `from` buys, before any margin. */
export interface MidRate {
  /** decimal string, e.g. "161.875" */
  rate: string;
  /** when the feed priced it */
  asOf: Date;
}

/** The FX rate feed (DESIGN §4). Throws when it has no price for the pair. */
export interface FxRateProvider {
  midRate(from: string, to: string): Promise<MidRate>;
}
