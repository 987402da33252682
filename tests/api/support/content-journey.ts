/**
 * The set-up of the `content-*.test.ts` files: their documents (`tests/api/documents/content.graphql`)
 * and a seeded portal per file and database with the demo client signed in.
 */
import { afterAll, beforeAll } from 'vitest';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';

export const contentOperation = apiOperations('content');
const TOKEN_AUTH = contentOperation('SignIn');

/** A seeded portal and the demo client's token. */
export function contentJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let token: string;
  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const login = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, {
      email: 'kunde@example.com',
    });
    token = login.data?.tokenAuth.token as string;
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });
  return {
    get portal() {
      return portal;
    },
    get token() {
      return token;
    },
  };
}
