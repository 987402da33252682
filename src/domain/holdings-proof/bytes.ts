/**
 * Bytes for the holdings proof, the same in the browser and in Node: WebCrypto SHA-256, hex and
 * base64 without Node's Buffer (src/domain runs in both).
 */

export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();

export const utf8 = (text: string): Bytes => encoder.encode(text);

export function concatBytes(...parts: readonly Uint8Array[]): Bytes {
  const total = parts.reduce((length, part) => length + part.length, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** An unsigned integer as 8 bytes, big-endian (the tree's sums). */
export function uint64BigEndian(value: number): Bytes {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

const HEX = /^(?:[0-9a-f]{2})*$/;

/** Lower-case hex to bytes; null for anything else (upper case included: the format fixes one spelling). */
export function fromHex(hex: string): Bytes | null {
  if (!HEX.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function fromBase64(base64: string): Bytes | null {
  if (!BASE64.test(base64)) return null;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function sha256(bytes: Bytes): Promise<Bytes> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** Bytewise order of two byte strings of equal length (the leaves' order by commitment). */
export function compareBytes(left: Uint8Array, right: Uint8Array): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
