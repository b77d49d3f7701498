import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/server/http/api-error.ts';
import { oncePerKey } from '../../src/server/http/idempotency.ts';

/** The rules every money-moving call answers through: one row per key, the first request's answer to a retry. */
const idempotency = { key: 'key-00000001', requestHash: 'hash-a' };
const row = (requestHash: string) => ({ id: 'row_1', request_hash: requestHash });

describe('oncePerKey', () => {
  it('looks for the key’s row first, and creates only when there is none', async () => {
    const find = vi.fn(async () => undefined);
    const create = vi.fn(async () => row('hash-a'));
    await expect(oncePerKey(idempotency, find, create)).resolves.toEqual({ row: row('hash-a'), created: true });
    expect(find).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('takes a first look the caller has already read instead of looking again, found or not', async () => {
    const find = vi.fn(async () => row('hash-a'));
    const create = vi.fn(async () => row('hash-a'));
    await expect(oncePerKey(idempotency, find, create, { found: undefined })).resolves.toEqual({
      row: row('hash-a'),
      created: true,
    });
    expect(find).not.toHaveBeenCalled();

    const replay = await oncePerKey(idempotency, find, create, { found: row('hash-a') });
    expect(replay).toEqual({ row: row('hash-a'), created: false });
    expect(find).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('refuses the key with another request, from a first look of either kind', async () => {
    const create = vi.fn(async () => row('hash-a'));
    const reused = { type: 'IdempotencyKeyReused' };
    await expect(oncePerKey(idempotency, async () => row('hash-b'), create)).rejects.toMatchObject(reused);
    await expect(
      oncePerKey(idempotency, async () => undefined, create, { found: row('hash-b') }),
    ).rejects.toMatchObject(reused);
    expect(create).not.toHaveBeenCalled();
  });

  it('answers with the racing request’s row when it won the key, or when create refused after it did', async () => {
    const winner = row('hash-a');
    const find = vi.fn<() => Promise<typeof winner | undefined>>().mockResolvedValueOnce(undefined);
    find.mockResolvedValue(winner);
    await expect(oncePerKey(idempotency, find, async () => undefined)).resolves.toEqual({
      row: winner,
      created: false,
    });

    const refusing = async () => {
      throw new ApiError('InvalidTransition', 'no longer awaiting payment');
    };
    await expect(oncePerKey(idempotency, find, refusing, { found: undefined })).resolves.toEqual({
      row: winner,
      created: false,
    });
    await expect(oncePerKey(idempotency, async () => undefined, refusing)).rejects.toMatchObject({
      type: 'InvalidTransition',
    });
  });
});
