import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHashingCost } from '../config.ts';

/** An argon2id hash of the password at the configured cost. */
export function hashPassword(password: string, cost: PasswordHashingCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}

/** Whether a stored hash was made at another cost (or another argon2 type) than the configured one. */
export function needsRehash(hash: string, cost: PasswordHashingCost): boolean {
  return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, cost);
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Verify against a hash of no one's password at the configured cost, so a
 * sign-in for an unknown e-mail takes as long as one with a wrong password.
 * Always false.
 */
export async function verifyAgainstDummy(password: string, cost: PasswordHashingCost): Promise<false> {
  const key = `${cost.memoryCost}:${cost.timeCost}:${cost.parallelism}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomUUID(), cost);
    dummyHashes.set(key, dummy);
  }
  await argon2.verify(await dummy, password);
  return false;
}
