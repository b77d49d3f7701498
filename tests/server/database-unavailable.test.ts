import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/database-unavailable.ts';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDatabaseUnavailable', () => {
  it('knows the database is away: a lost or refused connection, a shutdown, no slot, a timeout', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', '57014', '25P03', 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('57P01') }))).toBe(true);
  });

  it('leaves the faults of a statement and anything else alone', () => {
    for (const code of ['23505', '40001', '42P01', '22P02'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('no handler'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
