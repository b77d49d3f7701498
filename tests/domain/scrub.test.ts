import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, MAX_STACK_FRAMES, scrubStack, scrubText } from '../../src/domain/scrub.ts';

describe('scrubText', () => {
  it('takes out e-mail addresses, numbers, tokens and query strings, and keeps the words', () => {
    expect(scrubText('No account for amina.warsame@example.test')).toBe('No account for [email]');
    expect(scrubText('Card 4111 1111 1111 1111 declined for +44 7911 123456')).toBe(
      'Card [number] declined for +[number]',
    );
    expect(scrubText('fetch /api/main/user?token=abc failed')).toBe('fetch /api/main/user failed');
    expect(scrubText('session 9f8e7d6c5b4a39281706 expired')).toBe('session [id] expired');
    expect(scrubText("Cannot read properties of undefined (reading 'map')")).toBe(
      "Cannot read properties of undefined (reading 'map')",
    );
    expect(scrubText('x'.repeat(1000))).toHaveLength(MAX_MESSAGE_LENGTH);
  });

  it('never lets an e-mail address or a run of three or more digits through, whatever surrounds it', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    const email = fc.tuple(word, word).map(([user, host]) => `${user}@${host}.test`);
    const digits = fc.stringMatching(/^\d{3,19}$/);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(word, email, digits, fc.constantFrom(' ', ', ', ': ', '(', ')')), { maxLength: 20 }),
        (parts) => {
          const out = scrubText(parts.join(' '), 10_000);
          expect(out).not.toMatch(/@/);
          expect(out).not.toMatch(/\d{3}/);
        },
      ),
    );
  });
});

describe('scrubStack', () => {
  it('keeps each frame as function (path:line:column), without origin or query, at most ten', () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'map')",
      '    at TransfersList (https://app.sarraf.example/assets/transfers-BxQ2.js?v=3:12:345)',
      '    at https://app.sarraf.example/assets/index-Ab12.js:1:99',
      'render@https://app.sarraf.example/assets/index-Ab12.js:2:10',
    ].join('\n');
    expect(scrubStack(stack)).toEqual([
      'TransfersList (/assets/transfers-BxQ2.js:12:345)',
      '? (/assets/index-Ab12.js:1:99)',
      'render (/assets/index-Ab12.js:2:10)',
    ]);
    const long = Array.from({ length: 30 }, (_, i) => `    at f${i} (https://x.test/a.js:${i}:1)`).join('\n');
    expect(scrubStack(long)).toHaveLength(MAX_STACK_FRAMES);
    expect(scrubStack(undefined)).toEqual([]);
  });
});
