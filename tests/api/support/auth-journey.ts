/**
 * The set-up of the `auth-*.test.ts` files: their documents (`tests/api/documents/auth.graphql`),
 * the registration Anna Schmidt submits, and a portal without demo data per file and database.
 */
import { afterAll, beforeAll } from 'vitest';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';

export const authOperation = apiOperations('auth');

export interface MutationAnswer {
  success: boolean;
  errors: { code: string; message: string; field?: string | null }[];
}

/** Anna Schmidt's registration: the address with spaces and capitals, as typed. */
export const anna = {
  email: '  Anna.Schmidt@Example.com ',
  password: 'Rotwein2026',
  passwordRepeat: 'Rotwein2026',
  salutation: 'Frau',
  title: 'Dr.',
  firstName: 'Anna',
  lastName: 'Schmidt',
  phone: '+49 30 1234567',
  lwin: '10123162016',
  newsletter: true,
};

const TOKEN_AUTH = authOperation('TokenAuth');

/** An empty portal for the file, and sign-in with address and password. */
export function authJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(target);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function signIn(email: string, password: string) {
    return portal.gql<{ tokenAuth: { token: string; user: Record<string, unknown> } }>(TOKEN_AUTH, {
      email,
      password,
    });
  }

  return {
    get portal() {
      return portal;
    },
    signIn,
  };
}
