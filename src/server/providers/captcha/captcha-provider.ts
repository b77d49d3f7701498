/**
 * The captcha service (DESIGN §4): the browser solves its challenge in the
 * provider's widget and gets a token; our API asks the provider whether that
 * token is good before it lets the caller on.
 */
export interface CaptchaProvider {
  /**
   * Whether `token` is a solved challenge, for a caller at `clientAddress`
   * (providers check the two match). Throws when the provider cannot be
   * reached, so an outage is an error, never a pass.
   */
  verify(token: string, clientAddress: string): Promise<boolean>;
}
