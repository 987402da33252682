import { useMutation } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import type { RegistrationPayload } from '../domain/client/registration';
import { useApiClient } from './client';
import {
  ActivateDocument,
  RefreshTokenDocument,
  RegisterDocument,
  ResetPasswordDocument,
  type ResetPasswordMutationVariables,
  SendPasswordResetHashDocument,
  TokenAuthDocument,
  type TokenAuthMutationVariables,
} from './graphql.generated';

/** `refreshToken`: a fresh token of the same session (called by the session's refresh timer, not a hook). */
export async function refreshSessionToken(client: GraphQLClient, token: string) {
  return (await client.request(RefreshTokenDocument, { token })).refreshToken;
}

/** `tokenAuth`: answers token and user; failures are GraphQL errors (see `firstGraphQLError`). */
export function useTokenAuth() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: TokenAuthMutationVariables) =>
      (await client.request(TokenAuthDocument, variables)).tokenAuth,
  });
}

export function useRegister() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (payload: RegistrationPayload) =>
      (await client.request(RegisterDocument, payload)).register,
  });
}

export function useActivate() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (uid: string) => (await client.request(ActivateDocument, { uid })).activate,
  });
}

export function useSendPasswordResetHash() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (email: string) =>
      (await client.request(SendPasswordResetHashDocument, { email })).sendPasswordResetHash,
  });
}

export function useResetPassword() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async (variables: ResetPasswordMutationVariables) =>
      (await client.request(ResetPasswordDocument, variables)).resetPassword,
  });
}
