import { randomBytes } from 'node:crypto';

/**
 * The master keys that wrap verification documents' own keys, each under an
 * id that is stored beside every key it wraps, so a master key can be
 * rotated: a new key becomes `current` (new documents are wrapped with it),
 * `npm run documents:rewrap` wraps every older document's key with it, and
 * the old key is then removed from the configuration.
 */
export interface DocumentMasterKeys {
  /** every key a stored document may be wrapped with, by id */
  keys: ReadonlyMap<string, Uint8Array>;
  /** the id new documents (and a rewrap) use */
  current: string;
  /** no key was configured: one was made at start, and documents open only until a restart */
  ephemeral: boolean;
}

/** The id under which DOCUMENT_ENCRYPTION_KEY (the single key of earlier releases) is read, and migration 0068 names its documents. */
export const LEGACY_KEY_ID = 'legacy';

const KEY_ID = /^[A-Za-z0-9._-]{1,32}$/;
const KEY_BYTES = 32;

function keyFrom(name: string, value: string): Uint8Array {
  const key = Buffer.from(value, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${name}: each key must be ${KEY_BYTES} bytes in base64`);
  return key;
}

/**
 * DOCUMENT_MASTER_KEYS (`id:base64key` pairs, comma-separated; `openssl rand -base64 32` makes a key) and
 * DOCUMENT_MASTER_KEY_ID (the current one; may be left out when there is one key). DOCUMENT_ENCRYPTION_KEY,
 * when set, is one more key, `legacy`. Throws on any malformed part.
 */
export function documentMasterKeysFrom(env: NodeJS.ProcessEnv): DocumentMasterKeys {
  const keys = new Map<string, Uint8Array>();
  for (const pair of (env.DOCUMENT_MASTER_KEYS ?? '').split(',').map((item) => item.trim())) {
    if (!pair) continue;
    const colon = pair.indexOf(':');
    const id = pair.slice(0, colon);
    if (colon < 0 || !KEY_ID.test(id)) {
      throw new Error(
        'DOCUMENT_MASTER_KEYS must be id:base64key pairs separated by commas (ids: letters, digits, . _ -)',
      );
    }
    if (keys.has(id)) throw new Error(`DOCUMENT_MASTER_KEYS names the key ${id} twice`);
    keys.set(id, keyFrom('DOCUMENT_MASTER_KEYS', pair.slice(colon + 1)));
  }
  if (env.DOCUMENT_ENCRYPTION_KEY) {
    if (keys.has(LEGACY_KEY_ID))
      throw new Error(`DOCUMENT_MASTER_KEYS and DOCUMENT_ENCRYPTION_KEY both name ${LEGACY_KEY_ID}`);
    keys.set(LEGACY_KEY_ID, keyFrom('DOCUMENT_ENCRYPTION_KEY', env.DOCUMENT_ENCRYPTION_KEY));
  }
  if (keys.size === 0) {
    return { keys: new Map([['ephemeral', randomBytes(KEY_BYTES)]]), current: 'ephemeral', ephemeral: true };
  }
  const current = env.DOCUMENT_MASTER_KEY_ID || (keys.size === 1 ? [...keys.keys()][0] : undefined);
  if (!current) throw new Error('DOCUMENT_MASTER_KEY_ID must name the key new documents are wrapped with');
  if (!keys.has(current)) throw new Error(`DOCUMENT_MASTER_KEY_ID names ${current}, which is not configured`);
  return { keys, current, ephemeral: false };
}

/** The key of id `keyId`; throws, naming the id, when it is no longer configured. */
export function masterKey(keys: DocumentMasterKeys, keyId: string): Uint8Array {
  const key = keys.keys.get(keyId);
  if (!key) throw new Error(`the document master key ${keyId} is not configured (DOCUMENT_MASTER_KEYS)`);
  return key;
}
