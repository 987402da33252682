import { authMessages } from '../../../server/services/auth-validation';
import { backofficeMessages } from '../../../src/domain/backoffice-validation';

/**
 * Messages the specifications give verbatim in English: the sign-in error the PWA maps and the
 * back office's validation messages (docs/deviations.md).
 */
export const SPEC_ENGLISH_MESSAGES: ReadonlySet<string> = new Set([
  authMessages.invalidCredentials,
  ...Object.values(backofficeMessages),
]);

/**
 * Words that German messages do not contain but untranslated English ones (graphql-js, libraries,
 * forgotten texts) nearly always do. Words both languages share (in, an, Format, Region) are left out.
 */
const ENGLISH =
  /\b(the|a|an?other|is|are|was|were|be|been|not|no|to|of|for|with|from|should|must|cannot|can't|please|invalid|error|unexpected|value|type|field|required|provided|expected|found|unknown|missing|wrong|too|many|only|did|you|mean|does|exist|allowed)\b/i;

/** Quoted parts echo the caller's input and say nothing about the message's language. */
const withoutQuotes = (message: string) => message.replace(/"[^"]*"|„[^“]*“|'[^']*'/g, ' ');

/** A German message (or one of the spec's English messages), not an untranslated English one. */
export function isGermanMessage(message: string): boolean {
  if (SPEC_ENGLISH_MESSAGES.has(message)) return true;
  const text = withoutQuotes(message);
  return /\p{L}/u.test(text) && !ENGLISH.test(text);
}
