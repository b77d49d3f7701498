import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Documents at rest: each file is encrypted (AES-256-GCM) with a key of its
 * own, and that key is encrypted with the configured document key
 * (`DOCUMENT_ENCRYPTION_KEY`), so the database holds neither a file nor a
 * key that opens one. Layout: key IV (12) | key tag (16) | wrapped key (32) |
 * file IV (12) | file tag (16) | encrypted file.
 */
const IV = 12;
const TAG = 16;
const KEY = 32;

function encrypt(key: Uint8Array, plain: Uint8Array, aad: string): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Uint8Array, sealed: Uint8Array, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
}

/** `aad` binds the sealed file to its place (document id and field): moved elsewhere it no longer opens. */
export function sealFile(masterKey: Uint8Array, plain: Uint8Array, aad: string): Buffer {
  const fileKey = randomBytes(KEY);
  const wrapped = encrypt(masterKey, fileKey, aad);
  return Buffer.concat([wrapped, encrypt(fileKey, plain, aad)]);
}

export function openFile(masterKey: Uint8Array, sealed: Uint8Array, aad: string): Buffer {
  const wrappedLength = IV + TAG + KEY;
  const fileKey = decrypt(masterKey, sealed.subarray(0, wrappedLength), aad);
  return decrypt(fileKey, sealed.subarray(wrappedLength), aad);
}
