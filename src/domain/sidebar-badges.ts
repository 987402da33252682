/** Badges and the contact avatar of the sidebar (spec client-area sections 2 and 9). */

/** Preference-profile entries newer than this many days count for "Persönliche Angebote". */
export const PERSONAL_OFFERS_BADGE_DAYS = 14;

export function personalOffersSince(now: Date): Date {
  return new Date(now.getTime() - PERSONAL_OFFERS_BADGE_DAYS * 24 * 3600 * 1000);
}

/** The count, or no badge at all when there is nothing new. */
export function personalOffersBadge(recentProfiles: number): string | undefined {
  return recentProfiles > 0 ? String(recentProfiles) : undefined;
}

/** "!" while the order list is blocked by the order check, otherwise the number of positions. */
export function orderListBadge(orderPositions: number, blockedByOrderCheck: boolean): string | undefined {
  if (blockedByOrderCheck) return '!';
  return orderPositions > 0 ? String(orderPositions) : undefined;
}

/** The help texts the contact avatar types, one after another. */
export const CONTACT_AVATAR_TEXTS = [
  'Haben Sie Fragen?',
  'Wir beraten Sie gern persönlich.',
  'Wünschen Sie einen Rückruf?',
] as const;

/** Steps a fully typed help text stays before the next one starts. */
export const CONTACT_AVATAR_PAUSE_STEPS = 30;

/**
 * The visible part of the typing animation at `step` (one character per step, then a pause,
 * then the next text; endless).
 */
export function typingFrame(
  texts: readonly string[],
  step: number,
  pauseSteps: number = CONTACT_AVATAR_PAUSE_STEPS,
): string {
  const cycle = texts.reduce((sum, text) => sum + text.length + pauseSteps, 0);
  if (cycle === 0) return '';
  let position = step % cycle;
  for (const text of texts) {
    const span = text.length + pauseSteps;
    if (position < span) return text.slice(0, Math.min(position + 1, text.length));
    position -= span;
  }
  return '';
}
