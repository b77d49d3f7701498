import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorStatus } from '../../../src/domain/errors.ts';
import {
  ABUSE_LIMITS,
  SIGN_IN_ACCOUNT_CAPTCHA_AFTER,
  SIGN_IN_ADDRESS_CAPTCHA_AFTER,
  SIGN_IN_CAPTCHA_AFTER,
  SIGN_IN_COUNTERS,
  SIGN_IN_PAUSE_MAX_SECONDS,
} from '../../../src/server/abuse-limits/limits.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The README's rows, by the text of their first cell. */
const rows = new Map(
  README.split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .map((cells) => [cells[0], cells] as const),
);

function windowText(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  return `${seconds / 60} minutes`;
}

describe("the README's abuse limits table", () => {
  it.each(Object.values(ABUSE_LIMITS))('lists $name as the code has it', (limit) => {
    const row = rows.get(`\`${limit.name}\``);
    expect(row, `no README row for ${limit.name}`).toBeDefined();
    const [, , key, number, window, answer] = row ?? [];
    expect({ key, number, window }).toEqual({
      key: limit.key,
      number: String(limit.max),
      window: windowText(limit.windowSeconds),
    });
    expect(answer).toContain(`${errorStatus(limit.refusal.type)} \`${limit.refusal.type}\``);
  });

  it('gives the captcha threshold and the pauses as the code has them', () => {
    expect(rows.get('sign-in captcha')?.[3]).toBe(`after ${SIGN_IN_CAPTCHA_AFTER} failures`);
    expect(rows.get('sign-in captcha')?.[4]).toBe(windowText(SIGN_IN_COUNTERS.perAccountAddress.windowSeconds));
    expect(rows.get('sign-in captcha per account')?.[3]).toBe(`after ${SIGN_IN_ACCOUNT_CAPTCHA_AFTER} failures`);
    expect(rows.get('sign-in captcha per account')?.[4]).toBe(windowText(SIGN_IN_COUNTERS.perAccount.windowSeconds));
    expect(rows.get('sign-in captcha per address')?.[3]).toBe(`after ${SIGN_IN_ADDRESS_CAPTCHA_AFTER} failures`);
    expect(rows.get('sign-in captcha per address')?.[4]).toBe(
      windowText(ABUSE_LIMITS.signInFailuresPerAddress.windowSeconds),
    );
    expect(rows.get('sign-in pause')?.[3]).toContain(`then ${SIGN_IN_PAUSE_MAX_SECONDS} s`);
  });
});
