import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { e2eDataDir } from '../e2e/support/mail';

/**
 * The signed-in roles of the audit; each has one storage state, made once by `setup.ts`: kunde (depot,
 * invoices), neukunde (a new client after the first-time questionnaire), erstanmeldung (the demo's
 * neukunde@example.com at its first sign-in: account nudge, then the questionnaire) and staff.
 */
export const AUDIT_ROLES = ['kunde', 'neukunde', 'erstanmeldung', 'staff'] as const;
export type SignedInRole = (typeof AUDIT_ROLES)[number];
export type Role = 'visitor' | SignedInRole;

/** What the screens need that only the running server knows (ids, tokens), found once by `setup.ts`. */
export interface AuditFixtures {
  wineryId: number;
  vintageId: number;
  /** An offer with cases to buy, and the demo's sold-out offer. */
  offerLwin11: string;
  soldOutLwin11: string;
  /** A composed proposal (investor profile of a fresh client). */
  proposalUid: string;
  academySlug: string;
  blogSlug: string;
  /** The hosted page of one of kunde's paid invoices, and kunde's customer portal. */
  payPath: string;
  portalPath: string;
  /** A storage certificate issued for kunde's paid invoice. */
  certificateFingerprint: string;
}

function auditDir(): string {
  const dir = path.join(e2eDataDir(), 'audit');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function storageStatePath(role: SignedInRole): string {
  return path.join(auditDir(), `${role}.json`);
}

export function writeFixtures(fixtures: AuditFixtures): void {
  writeFileSync(path.join(auditDir(), 'fixtures.json'), JSON.stringify(fixtures, null, 2));
}

export function readFixtures(): AuditFixtures {
  return JSON.parse(readFileSync(path.join(auditDir(), 'fixtures.json'), 'utf8')) as AuditFixtures;
}

/** A GraphQL call; throws on transport or GraphQL errors so a broken set-up is named at once. */
export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const response = await request.post('/graphql', {
    headers: token ? { Authorization: `JWT ${token}` } : {},
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!response.ok() || body.errors || !body.data) {
    throw new Error(`GraphQL failed (HTTP ${response.status()}): ${JSON.stringify(body).slice(0, 500)}`);
  }
  return body.data;
}

export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const data = await graphql<{ tokenAuth: { token: string | null } }>(
    request,
    'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
    { e: email, p: password },
  );
  if (!data.tokenAuth.token) throw new Error(`API login of ${email} failed`);
  return data.tokenAuth.token;
}
