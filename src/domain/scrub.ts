/**
 * What of an error may leave the device: its message and stack with anything
 * that could name or reach a person taken out — e-mail addresses, runs of
 * three or more digits (phone, card, account and reference numbers, amounts,
 * dates), long opaque strings (tokens, ids) and query strings — and cut to a
 * bounded length.
 */
const EMAIL = /[^\s@<>()"']+@[^\s@<>()"']+/g;
const QUERY = /\?[^\s)]*/g;
/** a token-like run: 16+ characters of letters, digits, `-` and `_` with at least one digit */
const OPAQUE = /\b(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{16,}\b/g;
const DIGITS = /\d[\d\s.,/-]{1,}\d/g;

export const MAX_MESSAGE_LENGTH = 300;
export const MAX_STACK_FRAMES = 10;

export function scrubText(text: string, max = MAX_MESSAGE_LENGTH): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(QUERY, '')
    .replace(OPAQUE, '[id]')
    .replace(DIGITS, (run) => (run.replace(/\D/g, '').length >= 3 ? '[number]' : run))
    .slice(0, max);
}

/**
 * A stack's frames as `function (file:line:column)`, each file named by its
 * path alone (our own bundle's chunk names, no origin, no query), at most
 * `MAX_STACK_FRAMES`. Line and column numbers are kept: they name code, not people.
 */
export function scrubStack(stack: string | undefined): string[] {
  if (!stack) return [];
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const found =
      /^\s*(?:at\s+)?(.*?)(?:\s*\(|@)?((?:https?:\/\/[^/\s]+)?\/[^\s:?()]*)(?:\?[^\s:)]*)?:(\d+):(\d+)\)?\s*$/.exec(
        line,
      );
    if (!found) continue;
    const [, fn, file, row, column] = found;
    const name = scrubText((fn ?? '').replace(/^at\s+/, '').trim(), 80) || '?';
    frames.push(`${name} (${(file ?? '').replace(/^https?:\/\/[^/]+/, '')}:${row}:${column})`);
    if (frames.length === MAX_STACK_FRAMES) break;
  }
  return frames;
}
