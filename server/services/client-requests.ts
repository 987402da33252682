/**
 * Contact/callback requests, referrals and sold-out "inform me" requests: each is stored first
 * and its automation webhook is queued in the same transaction (nothing is lost while the
 * endpoint is down; the dispatcher retries with backoff).
 */
import { and, eq } from 'drizzle-orm';
import {
  CONTACT_MESSAGES,
  type ContactFormValues,
  contactFormErrors,
  contactMessageWithCallback,
} from '../../src/domain/contact-form';
import { normalizeEmail, validateEmail } from '../../src/domain/entry-validation';
import { contactFormMailSchema, limitErrors } from '../../src/domain/input-limits';
import { type FormOfAddress, type ReferralSalutation, referralMessage } from '../../src/domain/referral';
import { referralErrors } from '../../src/domain/referral-validation';
import { SOLD_OUT_TEXTS, soldOutWineLabel } from '../../src/domain/sold-out';
import type { Database } from '../db/client';
import {
  contactRequests,
  preferencesProfiles,
  referrals,
  soldOutRequests,
  vintages,
  wines,
} from '../db/schema';
import { contactFormMail } from './account-mail';
import type { UserRow } from './auth';
import { authMessages } from './auth-validation';
import { type MutationError, type MutationResult, ok, refused, refusedAll } from './errors';
import { enqueueMail } from './mail';
import { countAndCheck, type RateLimitRule, rateLimits } from './rate-limit';
import { enqueueWebhook } from './webhooks';

/** Callback times up to this far in the past are still accepted (the form was open a while). */
const CALLBACK_CLOCK_TOLERANCE_MS = 5 * 60_000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function asErrors(errors: Partial<Record<string, string>>): MutationError[] {
  return Object.entries(errors).map(([field, message]) => ({
    code: 'INVALID',
    message: message ?? '',
    field,
  }));
}

export interface ContactRequestInput {
  salutation: string;
  firstName: string;
  lastName: string;
  message: string;
  privacyAccepted: boolean;
  callback?: boolean | null;
  phone?: string | null;
  callbackAt?: Date | null;
  uid?: string | null;
}

/** The sender's e-mail: the signed-in client's, or the proposal's (visitor passing its uid). */
async function contactSender(
  db: Database,
  user: UserRow | null,
  uid: string | null | undefined,
): Promise<{ email: string; userId: number | null; profileUid: string | null } | MutationResult> {
  if (user) return { email: user.email, userId: user.id, profileUid: null };
  const trimmed = uid?.trim();
  if (!trimmed) return refused('UNAUTHENTICATED', CONTACT_MESSAGES.noSender);
  if (!UUID_PATTERN.test(trimmed)) return refused('NOT_FOUND', CONTACT_MESSAGES.unknownProposal, 'uid');
  const [profile] = await db
    .select({ email: preferencesProfiles.email, userId: preferencesProfiles.userId })
    .from(preferencesProfiles)
    // An archived proposal is gone (its page says it has expired), so it no longer relays requests.
    .where(and(eq(preferencesProfiles.uid, trimmed), eq(preferencesProfiles.archived, false)));
  if (!profile) return refused('NOT_FOUND', CONTACT_MESSAGES.unknownProposal, 'uid');
  return { email: profile.email, userId: profile.userId, profileUid: trimmed };
}

/** Contact requests per sender (user, or a visitor's IP) and hour; the endpoint is public. */
export const CONTACT_REQUESTS_PER_HOUR = { limit: 20, windowSeconds: 3600 } satisfies RateLimitRule;

export async function sendContactRequest(
  db: Database,
  user: UserRow | null,
  input: ContactRequestInput,
  clientIp: string,
  now: Date = new Date(),
): Promise<MutationResult> {
  const senderKey = user ? `contact:user:${user.id}` : `contact:ip:${clientIp}`;
  if (await countAndCheck(db, senderKey, CONTACT_REQUESTS_PER_HOUR, now)) {
    return refused('RATE_LIMITED', authMessages.rateLimited);
  }
  const values: ContactFormValues = {
    message: input.message,
    salutation: input.salutation.trim(),
    firstName: input.firstName,
    lastName: input.lastName,
    privacyAccepted: input.privacyAccepted,
    callback: Boolean(input.callback),
    phone: input.phone ?? '',
    callbackAt: input.callback ? (input.callbackAt ?? null) : null,
  };
  const invalid = contactFormErrors(values, new Date(now.getTime() - CALLBACK_CLOCK_TOLERANCE_MS));
  if (Object.keys(invalid).length > 0) return refusedAll(asErrors(invalid));
  const sender = await contactSender(db, user, input.uid);
  if ('success' in sender) return sender;

  const message = contactMessageWithCallback(values);
  const phone = values.phone.trim();
  await db.transaction(async (tx) => {
    await tx.insert(contactRequests).values({
      userId: sender.userId,
      profileUid: sender.profileUid,
      salutation: values.salutation,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: sender.email,
      phone: phone || null,
      message: values.message.trim(),
      privacyAccepted: true,
      callback: values.callback,
      callbackAt: values.callbackAt,
    });
    await enqueueWebhook(tx, 'contact', {
      salutation: values.salutation,
      email: sender.email,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone,
      message,
    });
  });
  return ok();
}

export interface ReferralInput {
  salutation: string;
  formOfAddress: string;
  firstName: string;
  lastName: string;
}

export async function sendReferral(
  db: Database,
  user: UserRow,
  input: ReferralInput,
  clientIp: string,
): Promise<MutationResult & { message: string | null }> {
  const overUser = await countAndCheck(db, `referral:user:${user.id}`, rateLimits.referralsPerUser);
  const overIp = await countAndCheck(db, `referral:ip:${clientIp}`, rateLimits.referralsPerIp);
  if (overUser || overIp) return { ...refused('RATE_LIMITED', authMessages.rateLimited), message: null };
  const invalid = referralErrors(input);
  if (Object.keys(invalid).length > 0) return refusedAll(asErrors(invalid), { message: null });
  const referrerName = [user.firstName, user.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const message = referralMessage(
    {
      salutation: input.salutation as ReferralSalutation,
      formOfAddress: input.formOfAddress as FormOfAddress,
      firstName: input.firstName,
      lastName: input.lastName,
    },
    referrerName,
  );
  await db.transaction(async (tx) => {
    await tx.insert(referrals).values({
      userId: user.id,
      salutation: input.salutation,
      formOfAddress: input.formOfAddress,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      message,
    });
    await enqueueWebhook(tx, 'referral', { empfehlung: message, geberEmail: user.email });
  });
  return { ...ok(), message };
}

/** Remembered once per user and vintage; a repeated request answers success without a second webhook. */
export async function requestSoldOutNotification(
  db: Database,
  user: UserRow,
  vintageId: number,
): Promise<MutationResult> {
  const [vintage] = await db
    .select({ year: vintages.year, wine: wines.title })
    .from(vintages)
    .innerJoin(wines, eq(wines.id, vintages.wineId))
    .where(eq(vintages.id, vintageId));
  if (!vintage) return refused('NOT_FOUND', SOLD_OUT_TEXTS.unknownVintage, 'vintageId');
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(soldOutRequests)
      .values({ userId: user.id, vintageId })
      .onConflictDoNothing()
      .returning({ id: soldOutRequests.id });
    if (inserted.length > 0) {
      await enqueueWebhook(tx, 'soldOut', {
        email: user.email,
        wein: soldOutWineLabel(vintage.wine, vintage.year),
      });
    }
  });
  return ok();
}

export const CONTACT_FORM_MESSAGES = {
  sender: 'Bitte geben Sie Ihren Namen an.',
  message: CONTACT_MESSAGES.message,
} as const;

/**
 * A message of the signed-in client to the service team by mail (through the outbox), limited
 * per client and per IP. The sender is always the client's account; the given address appears only
 * as "Antwort an".
 */
export async function sendContactFormMail(
  db: Database,
  supportEmail: string,
  user: UserRow,
  input: { senderEmail: string; sender: string; message: string },
  clientIp: string,
): Promise<MutationResult> {
  const overUser = await countAndCheck(db, `contact-mail:user:${user.id}`, rateLimits.contactMailsPerUser);
  const overIp = await countAndCheck(db, `contact-mail:ip:${clientIp}`, rateLimits.contactMailsPerIp);
  if (overUser || overIp) return refused('RATE_LIMITED', authMessages.rateLimited);
  const errors: MutationError[] = Object.entries(limitErrors(contactFormMailSchema, input)).map(
    ([field, message]) => ({ code: 'INVALID', message, field }),
  );
  const emailError = errors.length > 0 ? null : validateEmail(input.senderEmail);
  if (emailError) errors.push({ code: 'INVALID', message: emailError, field: 'senderEmail' });
  if (!input.sender.trim())
    errors.push({ code: 'INVALID', message: CONTACT_FORM_MESSAGES.sender, field: 'sender' });
  if (!input.message.trim())
    errors.push({ code: 'INVALID', message: CONTACT_FORM_MESSAGES.message, field: 'message' });
  if (errors.length > 0) return refusedAll(errors);
  const clientName = [user.firstName, user.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  await db.transaction(async (tx) => {
    await enqueueMail(
      tx,
      contactFormMail(
        supportEmail,
        { name: clientName || user.email, email: user.email },
        { sender: input.sender.trim(), replyAddress: normalizeEmail(input.senderEmail) },
        input.message.trim(),
      ),
    );
  });
  return ok();
}
