import { FetchError, ofetch } from 'ofetch';
import { is, string, type } from 'superstruct';
import { ApiFailure } from '../api/api-failure.ts';
import { CAPTCHA_URL } from '../config.ts';

const Solved = type({ data: type({ token: string() }) });

/**
 * A token from the captcha provider's widget endpoint (never our API).
 * When it cannot be had: an ApiFailure with status 0, the way a lost
 * connection is reported.
 */
async function widgetToken(path: 'solve' | 'score'): Promise<string> {
  const requestId = crypto.randomUUID();
  try {
    const answer: unknown = await ofetch(`${CAPTCHA_URL}/${path}`, { method: 'POST', retry: 0 });
    if (is(answer, Solved)) return answer.data.token;
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
  }
  throw new ApiFailure(0, requestId, [
    { type: 'NetworkError', message: 'The captcha could not be reached', propertyPath: null },
  ]);
}

/** The token of the "I'm not a robot" check, once the customer has ticked it. */
export const solveCaptcha = (): Promise<string> => widgetToken('solve');

/** The invisible check's token, which our API has the provider score; the customer sees nothing. */
export const scoreCaptcha = (): Promise<string> => widgetToken('score');
