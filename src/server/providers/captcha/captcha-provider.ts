/**
 * The captcha service (DESIGN §4): the browser solves its challenge in the
 * provider's widget and gets a token; our API asks the provider whether that
 * token is good before it lets the caller on. Two kinds: the "I'm not a
 * robot" check (`verify`, a v2 widget's token) and the invisible one
 * (`score`, a v3 widget's token, scored without asking the person anything).
 */
export interface CaptchaProvider {
  /**
   * Whether `token` is a solved challenge, for a caller at `clientAddress`
   * (providers check the two match). Throws when the provider cannot be
   * reached, so an outage is an error, never a pass.
   */
  verify(token: string, clientAddress: string): Promise<boolean>;
  /**
   * How likely the caller at `clientAddress` who got the invisible check's
   * `token` is a person: 0.0 (a bot) to 1.0; null when `token` is not a
   * valid token of the provider's. Throws when the provider cannot be
   * reached.
   */
  score(token: string, clientAddress: string): Promise<number | null>;
}
