import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../api/client';
import {
  ActivateDocument,
  RegisterDocument,
  ResetPasswordDocument,
  type ResetPasswordMutationVariables,
  SendPasswordResetHashDocument,
} from '../../../api/graphql.generated';
import type { RegistrationPayload } from '../model/registration';

// The mutations of the entry forms split off the login page (`EntryScreen.tsx`): apart from
// `auth.ts`, whose sign-in the login page needs, so that page does not carry these documents.

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
