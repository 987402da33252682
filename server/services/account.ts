/** Account settings of the signed-in client: changeUser, e-mail change confirmation. */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type AccountTextField, isPhoneRequired } from '../../src/domain/account-form';
import { validateAccountChange } from '../../src/domain/account-validation';
import { normalizeEmail } from '../../src/domain/entry-validation';
import { normalizeVatId } from '../../src/domain/vat-id';
import type { Database } from '../db/client';
import { accountTokens, users } from '../db/schema';
import { emailChangeMail, emailTakenNoticeMail } from './account-mail';
import type { UserRow } from './auth';
import { authMessages } from './auth-validation';
import { type MutationError, type MutationResult, ok, refused, refusedAll } from './errors';
import { enqueueMail } from './mail';
import { countAndCheck, rateLimits } from './rate-limit';
import { hashToken, newUrlToken } from './tokens';

const EMAIL_CHANGE_TTL_MS = 24 * 3600 * 1000;

export type AccountChange = Partial<Record<AccountTextField, string | null>> & {
  newsletter?: boolean | null;
};

const OPTIONAL_FIELDS = ['company', 'addressSupplement'] as const;
const REQUIRED_TEXT_FIELDS = ['firstName', 'lastName', 'streetAndNumber', 'postalCode', 'city'] as const;

/** GraphQL null and an omitted argument both mean "unchanged". */
function given(change: AccountChange): Partial<Record<AccountTextField, string>> {
  const result: Partial<Record<AccountTextField, string>> = {};
  for (const [field, value] of Object.entries(change)) {
    if (typeof value === 'string') result[field as AccountTextField] = value;
  }
  return result;
}

/**
 * Validates and applies the given fields. A changed e-mail is not applied: a confirmation link
 * goes to the new address (deviation: the original changed it at once); an address that belongs to
 * another account gets a notice instead, and the answer does not tell the two apart.
 */
export async function changeUser(
  db: Database,
  settings: { publicUrl: string },
  user: UserRow,
  change: AccountChange,
  clientIp: string,
): Promise<MutationResult & { pendingEmail: string | null }> {
  const fields = given(change);
  const invalid = validateAccountChange(fields, {
    phoneRequired: isPhoneRequired({ phoneStored: Boolean(user.phone?.trim()), mode: 'default' }),
  });
  const errors: MutationError[] = Object.entries(invalid).map(([field, message]) => ({
    code: 'INVALID',
    message: message as string,
    field,
  }));
  if (errors.length > 0) return refusedAll(errors, { pendingEmail: null });

  const newEmail = fields.email === undefined ? null : normalizeEmail(fields.email);
  const emailChanges = newEmail !== null && newEmail !== user.email;
  let addressTaken = false;
  if (emailChanges) {
    // Every requested change sends a mail: limited per client and per IP, before anything changes.
    const overUser = await countAndCheck(db, `email-change:user:${user.id}`, rateLimits.emailChangesPerUser);
    const overIp = await countAndCheck(db, `email-change:ip:${clientIp}`, rateLimits.emailChangesPerIp);
    if (overUser || overIp) {
      return { ...refused('RATE_LIMITED', authMessages.rateLimited), pendingEmail: null };
    }
    // The answer is the same whether the address is taken or not (no way to find out who is a
    // client); the owner of a taken address gets a notice instead of a confirmation link.
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, user.id)));
    addressTaken = Boolean(taken);
  }

  const update: Partial<typeof users.$inferInsert> = {};
  for (const field of REQUIRED_TEXT_FIELDS) {
    const value = fields[field];
    if (value !== undefined) update[field] = value.trim();
  }
  for (const field of OPTIONAL_FIELDS) {
    const value = fields[field];
    if (value !== undefined) update[field] = value.trim() || null;
  }
  if (fields.phone !== undefined) update.phone = fields.phone.trim() || null;
  if (fields.vatId !== undefined) update.vatId = normalizeVatId(fields.vatId) || null;
  if (fields.country !== undefined) update.country = fields.country.trim();
  if (typeof change.newsletter === 'boolean') update.newsletter = change.newsletter;

  await db.transaction(async (tx) => {
    if (Object.keys(update).length > 0) await tx.update(users).set(update).where(eq(users.id, user.id));
    if (emailChanges && addressTaken) {
      await enqueueMail(tx, emailTakenNoticeMail(newEmail));
    } else if (emailChanges) {
      const token = newUrlToken();
      await tx.insert(accountTokens).values({
        userId: user.id,
        purpose: 'EMAIL_CHANGE',
        tokenHash: hashToken(token),
        payload: newEmail,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      });
      const person = { ...user, ...update };
      await enqueueMail(
        tx,
        emailChangeMail(person, newEmail, `${settings.publicUrl}/confirm-email/${token}`),
      );
    }
  });
  return { ...ok(), pendingEmail: emailChanges ? newEmail : null };
}

/** Applies the new address of a live EMAIL_CHANGE token (single use; other sessions stay valid). */
export async function confirmEmailChange(db: Database, rawToken: string): Promise<MutationResult> {
  const [token] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(rawToken.trim())),
        eq(accountTokens.purpose, 'EMAIL_CHANGE'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    );
  if (!token?.payload) return refused('INVALID_TOKEN', ACCOUNT_MESSAGES.emailChangeInvalid);
  const newEmail = token.payload;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, newEmail), ne(users.id, token.userId)));
  if (taken) return refused('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken, 'email');
  const changed = await db.transaction(async (tx) => {
    // Consumed atomically with its own id first, so a link opened twice at once applies once.
    const [consumed] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.id, token.id), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id });
    if (!consumed) return false;
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.userId, token.userId),
          eq(accountTokens.purpose, 'EMAIL_CHANGE'),
          isNull(accountTokens.usedAt),
        ),
      );
    await tx.update(users).set({ email: newEmail }).where(eq(users.id, token.userId));
    return true;
  });
  return changed ? ok() : refused('INVALID_TOKEN', ACCOUNT_MESSAGES.emailChangeInvalid);
}
