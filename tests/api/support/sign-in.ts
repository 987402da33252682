import { expect } from 'vitest';
import type { TestPortal } from './harness';

const SIGN_IN =
  'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }';

/** The session token of a seeded account (the demo password); '' when the sign-in is refused. */
export async function signInToken(portal: Pick<TestPortal, 'gql'>, email: string): Promise<string> {
  return (await portal.gql<{ tokenAuth: { token: string } }>(SIGN_IN, { email })).data?.tokenAuth.token ?? '';
}

/** Every call is refused to a visitor (UNAUTHENTICATED) and to a signed-in client (FORBIDDEN), without data. */
export async function expectStaffOnly(
  portal: Pick<TestPortal, 'gql'>,
  calls: [string, Record<string, unknown>][],
  clientToken: string,
): Promise<void> {
  for (const [query, variables] of calls) {
    const asVisitor = await portal.gql(query, variables);
    expect(asVisitor.errors?.[0]?.extensions?.code, query).toBe('UNAUTHENTICATED');
    expect(asVisitor.data).toBeNull();
    const asClient = await portal.gql(query, variables, { token: clientToken });
    expect(asClient.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    expect(asClient.data).toBeNull();
  }
}
