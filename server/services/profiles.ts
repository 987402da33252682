/**
 * Preferences profiles as they belong to accounts: the name a profile shows for its client, and
 * the adviser's quotes made for an e-mail before its account existed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { preferencesProfiles, type users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** "Erika Mustermann": the client's name as a profile shows it ('' without a client). */
export const displayName = (user: Pick<UserRow, 'firstName' | 'lastName'> | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : '';

/**
 * Attaches the manual quotes made for the user's e-mail before the account existed, so they
 * appear as the client's adviser offers (called when an account is created).
 */
export async function attachManualQuotes(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
): Promise<void> {
  await tx
    .update(preferencesProfiles)
    .set({ userId: user.id, name: displayName(user) })
    .where(
      and(
        eq(preferencesProfiles.email, user.email),
        eq(preferencesProfiles.source, 'MANUALLY'),
        isNull(preferencesProfiles.userId),
      ),
    );
}
