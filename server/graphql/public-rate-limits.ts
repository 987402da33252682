import { authMessages } from '../services/auth-validation';
import { clientError } from '../services/errors';
import { countAndCheck, type RateLimitRule } from '../services/rate-limit';
import type { accessPolicy } from './access';
import type { GraphQLContext } from './context';

type MutationPolicy = typeof accessPolicy.Mutation;

/** The mutations anyone may call without signing in. */
export type PublicMutation = {
  [Name in keyof MutationPolicy]: MutationPolicy[Name] extends 'public' ? Name : never;
}[keyof MutationPolicy];

const perQuarterHour = (limit: number): RateLimitRule => ({ limit, windowSeconds: 15 * 60 });
const perHour = (limit: number): RateLimitRule => ({ limit, windowSeconds: 3600 });

/**
 * Calls per client IP of every unauthenticated mutation (each alias counts). A new public mutation
 * does not type-check until it has a limit here. These are coarse flood guards above the finer
 * limits in the services (failed sign-ins per address, registrations and reset mails per address);
 * they are generous enough for an office behind one address.
 */
export const publicMutationLimits = {
  tokenAuth: perQuarterHour(300),
  refreshToken: perQuarterHour(300),
  register: perHour(60),
  activate: perHour(30),
  sendPasswordResetHash: perHour(60),
  resetPassword: perHour(30),
  confirmEmailChange: perHour(30),
  sendContactRequest: perHour(60),
  acceptAgbsAndDsgvo: perHour(60),
} satisfies Record<PublicMutation, RateLimitRule>;

/** The limit of a public mutation; a public mutation without one fails the server's start. */
export function publicMutationLimit(name: string): RateLimitRule {
  const rule = (publicMutationLimits as Record<string, RateLimitRule | undefined>)[name];
  if (!rule) throw new Error(`Mutation.${name} ist öffentlich, hat aber kein Anfragelimit`);
  return rule;
}

/** The counter of one public mutation and client address. */
export const publicMutationKey = (name: string, clientIp: string) => `public:${name}:ip:${clientIp}`;

/** Counts the call and refuses it with the German rate-limit message once the IP is over its limit. */
export async function enforcePublicMutationLimit(
  context: GraphQLContext,
  name: string,
  rule: RateLimitRule,
): Promise<void> {
  if (await countAndCheck(context.db, publicMutationKey(name, context.clientIp), rule)) {
    throw clientError(authMessages.rateLimited, 'RATE_LIMITED');
  }
}
