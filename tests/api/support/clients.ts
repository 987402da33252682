import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import type { TestPortal } from './harness';

/** A new active client with a postal address (what checkout and the documents need); its id. */
export async function clientWithAddress(
  portal: TestPortal,
  email: string,
  firstName: string,
  streetAndNumber = 'Weinweg 1',
): Promise<number> {
  const id = await portal.createUser(email);
  await portal.db
    .update(users)
    .set({ firstName, lastName: 'Muster', streetAndNumber, postalCode: '10115', city: 'Berlin' })
    .where(eq(users.id, id));
  return id;
}
