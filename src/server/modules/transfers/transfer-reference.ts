import { randomBytes } from 'node:crypto';
import { REFERENCE_ALPHABET } from '../../../domain/transfers.ts';

/** "SR" and 8 random Crockford base32 characters: 40 random bits, easy to read out over the phone. */
export function newTransferReference(): string {
  let bits = BigInt(`0x${randomBytes(5).toString('hex')}`);
  let chars = '';
  for (let i = 0; i < 8; i += 1) {
    chars = REFERENCE_ALPHABET.charAt(Number(bits & 31n)) + chars;
    bits >>= 5n;
  }
  return `SR${chars}`;
}
