/**
 * The business's Ed25519 key for the holdings proof (`PROOF_SIGNING_KEY`): base64 of the raw
 * 32-byte private key (the seed), its public key published as base64 of the raw 32 bytes. The
 * signature covers the 32 raw bytes of a snapshot's hash (docs/holdings-proof.md).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';

const RAW_KEY = /^[A-Za-z0-9+/]{43}=$/;

export const isProofSigningKey = (value: string) => RAW_KEY.test(value.trim());

function privateKeyOf(seed: string) {
  // PKCS#8 of an Ed25519 seed: a fixed 16-byte prefix followed by the 32 bytes.
  const prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
  return createPrivateKey({
    key: Buffer.concat([prefix, Buffer.from(seed.trim(), 'base64')]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** A new private key (the seed, base64), generated once into `DATA_DIR/secrets.json`. */
export function generateProofSigningKey(): string {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  if (!jwk.d) throw new Error('Ed25519-Schlüssel ohne Bestandteile erzeugt.');
  return Buffer.from(jwk.d, 'base64url').toString('base64');
}

/** Base64 of the raw 32-byte public key of a private key. */
export function proofPublicKeyOf(seed: string): string {
  const jwk = createPublicKey(privateKeyOf(seed)).export({ format: 'jwk' });
  if (!jwk.x) throw new Error('Öffentlicher Schlüssel fehlt.');
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** The signature (base64 of 64 bytes) over the raw bytes of a snapshot's hash (lower-case hex). */
export function signSnapshotHash(snapshotHash: string, seed: string): string {
  return sign(null, Buffer.from(snapshotHash, 'hex'), privateKeyOf(seed)).toString('base64');
}
