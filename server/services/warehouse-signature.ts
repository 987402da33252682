/**
 * The warehouse's signature over a stock report: Ed25519, detached, base64 of the 64 bytes, over
 * the file's bytes exactly as they arrived. The public key is configured as base64 of its raw 32
 * bytes (`WAREHOUSE_PUBLIC_KEY`); the demo warehouse's key pair is kept the same way.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

export interface WarehouseKeyPair {
  /** Base64 of the raw 32-byte public key. */
  publicKey: string;
  /** Base64 of the raw 32-byte private key (the seed). */
  privateKey: string;
}

const RAW_KEY = /^[A-Za-z0-9+/]{43}=$/;
const SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

const base64url = (base64: string) => Buffer.from(base64, 'base64').toString('base64url');

/** Whether a configured key is base64 of exactly 32 bytes. */
export const isRawKey = (value: string) => RAW_KEY.test(value.trim());

function publicKeyOf(publicKey: string) {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: base64url(publicKey.trim()) },
    format: 'jwk',
  });
}

/** A new key pair (the demo warehouse's). */
export function generateWarehouseKeyPair(): WarehouseKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d || !jwk.x) throw new Error('Ed25519-Schlüssel ohne Bestandteile erzeugt.');
  return {
    publicKey: Buffer.from(publicKey.export({ format: 'jwk' }).x ?? jwk.x, 'base64url').toString('base64'),
    privateKey: Buffer.from(jwk.d, 'base64url').toString('base64'),
  };
}

/** The detached signature (base64) of `bytes` with a key pair. */
export function signReport(bytes: Uint8Array, keys: WarehouseKeyPair): string {
  const key = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: base64url(keys.publicKey), d: base64url(keys.privateKey) },
    format: 'jwk',
  });
  return sign(null, bytes, key).toString('base64');
}

/** Whether `signature` (base64) is the key's signature over exactly these bytes. */
export function signatureValid(bytes: Uint8Array, signature: string, publicKey: string): boolean {
  const trimmed = signature.trim();
  if (!SIGNATURE.test(trimmed) || !isRawKey(publicKey)) return false;
  return verify(null, bytes, publicKeyOf(publicKey), Buffer.from(trimmed, 'base64'));
}

/**
 * For tests and benches that start a production server: the public key of RFC 8032's first test
 * vector. Its private key is published there, so it must never be configured for real reports.
 */
export const EXAMPLE_WAREHOUSE_ENV = { WAREHOUSE_PUBLIC_KEY: '11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=' };
