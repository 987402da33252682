/**
 * Which push endpoints the server talks to (SSRF guard). A browser's push service is a public
 * https host (FCM, Mozilla, Apple, Microsoft); an endpoint naming a loopback, private, link-local,
 * unique-local or otherwise non-public address, an IP literal, or plain http is refused when it is
 * registered, and checked again when a notification is delivered, on the very addresses the
 * connection then uses (a host that resolves differently later, DNS rebinding, reaches nothing).
 * Redirects are never followed. `PUSH_ENDPOINT_ALLOWLIST` names `host:port` pairs exempt from these
 * rules (tests deliver to a listener on 127.0.0.1); it is empty by default.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (injectable: tests answer without DNS). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface PushEndpointPolicy {
  /** `host:port` pairs (lower case) exempt from the https and public-address rules. */
  allowlist: readonly string[];
  resolve: HostResolver;
}

/** The policy of the configuration (`PUSH_ENDPOINT_ALLOWLIST`) with the system's DNS or another resolver. */
export function pushEndpointPolicy(
  config: { pushEndpointAllowlist: readonly string[] },
  resolve: HostResolver = systemResolver,
): PushEndpointPolicy {
  return { allowlist: config.pushEndpointAllowlist, resolve };
}

/** Whether an address is a public unicast address (not loopback, private, link-local, …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

export function isAllowlisted(url: URL, policy: Pick<PushEndpointPolicy, 'allowlist'>): boolean {
  const host = hostOf(url);
  const entry = `${host.includes(':') ? `[${host}]` : host}:${portOf(url)}`;
  return policy.allowlist.includes(entry) || policy.allowlist.includes(`${host}:${portOf(url)}`);
}

/** The refusal of an endpoint, or null when the server may post to it. */
export async function endpointRefusal(url: URL, policy: PushEndpointPolicy): Promise<string | null> {
  if (isAllowlisted(url, policy)) return null;
  if (url.protocol !== 'https:') return 'kein https';
  if (url.username || url.password) return 'Zugangsdaten in der Adresse';
  const host = hostOf(url);
  if (isIP(host)) return 'IP-Adresse statt Hostname';
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    return 'Hostname nicht auflösbar';
  }
  if (addresses.length === 0) return 'Hostname nicht auflösbar';
  const internal = addresses.find((entry) => !isPublicAddress(entry.address));
  return internal ? `nicht öffentliche Adresse ${internal.address}` : null;
}

/** A `lookup` for the connection that answers only the checked, public addresses of the host. */
function guardedLookup(policy: PushEndpointPolicy, allowAny: boolean): LookupFunction {
  return (hostname, options, callback) => {
    policy
      .resolve(hostname)
      .then((addresses) => {
        const usable = allowAny ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
        if (usable.length === 0 || usable.length !== addresses.length) {
          throw new PushEndpointRefused(`${hostname} löst auf nicht öffentliche Adressen auf`);
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]?.address ?? '', usable[0]?.family ?? 4);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 4));
  };
}

/** The endpoint may not be reached (non-public address at delivery time): not worth a retry. */
export class PushEndpointRefused extends Error {}

export interface PushResponse {
  status: number;
}

/**
 * Posts to the endpoint after checking it again; the connection resolves the host through the same
 * check, so it reaches only public addresses. A redirect is answered as it is (never followed).
 */
export async function postToEndpoint(
  endpoint: string,
  request: { method: string; headers: Record<string, string>; body: Uint8Array },
  policy: PushEndpointPolicy,
  timeoutMs = 10_000,
  signal?: AbortSignal,
): Promise<PushResponse> {
  const url = new URL(endpoint);
  const refusal = await endpointRefusal(url, policy);
  if (refusal) throw new PushEndpointRefused(`Push-Endpunkt abgelehnt: ${refusal}`);
  const allowAny = isAllowlisted(url, policy);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PushResponse>((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method,
        headers: { ...request.headers, 'content-length': String(request.body.byteLength) },
        lookup: guardedLookup(policy, allowAny),
        timeout: timeoutMs,
        ...(signal ? { signal } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('Push-Dienst antwortet nicht')));
    outgoing.on('error', reject);
    outgoing.end(Buffer.from(request.body));
  });
}
