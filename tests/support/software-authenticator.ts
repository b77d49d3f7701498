import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in software, for API tests: a P-256 key made with
 * node's crypto, answers built byte by byte as the WebAuthn spec lays them
 * out (authenticator data, "none" attestation in CBOR, ES256 signatures over
 * authenticatorData + SHA-256(clientDataJSON)). It shares no code with the
 * library the server verifies with.
 */

// --- the little CBOR the attestation needs: unsigned and negative integers, byte and text strings, maps

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftwareAuthenticatorOptions {
  rpId: string;
  origin: string;
}

export function softwareAuthenticator({ rpId, origin }: SoftwareAuthenticatorOptions) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let userHandle = '';
  let counter = 0;

  const authenticatorData = (flags: number, count: number, attested?: Buffer) => {
    const countBytes = Buffer.alloc(4);
    countBytes.writeUInt32BE(count);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), countBytes, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id: b64url(credentialId),

    /** The answer to registration options (`navigator.credentials.create`). */
    attest(options: { challenge: string; user: { id: string } }, { from = origin } = {}) {
      userHandle = options.user.id;
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cbor(coseKey)]);
      const authData = authenticatorData(
        FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
        counter,
        attested,
      );
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /**
     * The answer to sign-in options (`navigator.credentials.get`), counting one
     * use unless `count` says what counter to report.
     */
    assert(options: { challenge: string }, { from = origin, count = counter + 1 } = {}) {
      counter = Math.max(counter, count);
      const authData = authenticatorData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED, count);
      const clientDataJSON = clientData('webauthn.get', options.challenge, from);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle === '' ? {} : { userHandle }),
        },
      };
    },
  };
}
