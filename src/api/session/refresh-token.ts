import type { GraphQLClient } from 'graphql-request';
import { RefreshTokenDocument } from '../graphql.generated';

/**
 * `refreshToken`: a fresh token of the same session (called by the session's refresh timer, not a
 * hook). Apart from `auth.ts`: the app shell needs only this, not the entry forms' mutations.
 */
export async function refreshSessionToken(client: GraphQLClient, token: string) {
  return (await client.request(RefreshTokenDocument, { token })).refreshToken;
}
