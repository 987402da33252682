/** RFC 8785 (JSON Canonicalization Scheme) through a maintained implementation, not a hand-written one. */
import canonicalize from 'canonicalize';

export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('Kein JSON-Wert zum Kanonisieren.');
  return text;
}
