import { describe, expect, it } from 'vitest';
import { documentMasterKeysFrom, LEGACY_KEY_ID, masterKey } from '../../src/server/document-master-keys.ts';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');

describe('the document master keys read from the environment', () => {
  it('reads ids and keys, names the current one, and reads the single key of earlier releases as legacy', () => {
    const one = documentMasterKeysFrom({ DOCUMENT_MASTER_KEYS: `2026-11:${key(1)}` });
    expect(one).toMatchObject({ current: '2026-11', ephemeral: false });
    expect(masterKey(one, '2026-11')).toEqual(Buffer.alloc(32, 1));

    const rotating = documentMasterKeysFrom({
      DOCUMENT_MASTER_KEYS: ` 2026-11:${key(1)} , 2027-05:${key(2)} `,
      DOCUMENT_MASTER_KEY_ID: '2027-05',
      DOCUMENT_ENCRYPTION_KEY: key(3),
    });
    expect([...rotating.keys.keys()]).toEqual(['2026-11', '2027-05', LEGACY_KEY_ID]);
    expect(rotating.current).toBe('2027-05');
    expect(masterKey(rotating, LEGACY_KEY_ID)).toEqual(Buffer.alloc(32, 3));
    expect(() => masterKey(rotating, '2025-01')).toThrow('the document master key 2025-01 is not configured');

    expect(documentMasterKeysFrom({ DOCUMENT_ENCRYPTION_KEY: key(3) }).current).toBe(LEGACY_KEY_ID);
    const none = documentMasterKeysFrom({});
    expect(none.ephemeral).toBe(true);
    expect(masterKey(none, none.current)).toHaveLength(32);
  });

  it('refuses a malformed pair, a key of another length, an id twice, and a current key that is not one of them', () => {
    const refused: Array<[NodeJS.ProcessEnv, RegExp]> = [
      [{ DOCUMENT_MASTER_KEYS: key(1) }, /id:base64key pairs/],
      [{ DOCUMENT_MASTER_KEYS: `a b:${key(1)}` }, /id:base64key pairs/],
      [{ DOCUMENT_MASTER_KEYS: `a:${Buffer.alloc(16).toString('base64')}` }, /32 bytes/],
      [{ DOCUMENT_MASTER_KEYS: `a:${key(1)},a:${key(2)}` }, /names the key a twice/],
      [{ DOCUMENT_MASTER_KEYS: `a:${key(1)},b:${key(2)}` }, /DOCUMENT_MASTER_KEY_ID must name/],
      [{ DOCUMENT_MASTER_KEYS: `a:${key(1)}`, DOCUMENT_MASTER_KEY_ID: 'b' }, /names b, which is not configured/],
      [{ DOCUMENT_MASTER_KEYS: `legacy:${key(1)}`, DOCUMENT_ENCRYPTION_KEY: key(2) }, /both name legacy/],
    ];
    for (const [env, problem] of refused)
      expect(() => documentMasterKeysFrom(env), JSON.stringify(env)).toThrow(problem);
  });
});
