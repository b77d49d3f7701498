import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Documents at rest: each file is encrypted (AES-256-GCM) with a key of its
 * own, and that key is encrypted (wrapped) with a master key
 * (`document-master-keys.ts`). The database keeps the wrapped key and the
 * master key's id, the document store the encrypted file, so neither alone
 * opens a file.
 * Each part: IV (12) | tag (16) | ciphertext.
 */
const IV = 12;
const TAG = 16;
const KEY = 32;
const WRAPPED_KEY = IV + TAG + KEY;

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

export interface SealedFile {
  wrappedKey: Uint8Array;
  ciphertext: Uint8Array;
}

/** `aad` binds the sealed file to its place (document id and position): moved elsewhere it no longer opens. */
export function sealFile(masterKey: Uint8Array, plain: Uint8Array, aad: string): SealedFile {
  const fileKey = randomBytes(KEY);
  return { wrappedKey: encrypt(masterKey, fileKey, aad), ciphertext: encrypt(fileKey, plain, aad) };
}

export function openFile(masterKey: Uint8Array, { wrappedKey, ciphertext }: SealedFile, aad: string): Buffer {
  return decrypt(decrypt(masterKey, wrappedKey, aad), ciphertext, aad);
}

/** The file's key, wrapped by `from`, wrapped by `to` instead: the file itself is untouched (a master key's rotation). */
export function rewrapKey(from: Uint8Array, to: Uint8Array, wrappedKey: Uint8Array, aad: string): Buffer {
  return encrypt(to, decrypt(from, wrappedKey, aad), aad);
}

/** A row written before the document store kept its wrapped key and file together (`sealed`). */
export const splitSealed = (sealed: Uint8Array): SealedFile => ({
  wrappedKey: sealed.subarray(0, WRAPPED_KEY),
  ciphertext: sealed.subarray(WRAPPED_KEY),
});
