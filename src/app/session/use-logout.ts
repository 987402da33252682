import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../api/client';
import { endServerSession } from '../../api/session/logout';
import { useSessionStore } from '../../api/session/session-context';
import { removeServerPushSubscription } from '../../features/account/api/push';
import { endSession } from './end-session';

/**
 * Logs out and goes to `/`; the server forgets this device's push subscription and ends the session
 * first. Everything
 * of the user leaves the device, the outbox too: the caller asks first when it holds changes
 * (`LogoutButton`).
 */
export function useLogout(): () => Promise<void> {
  const client = useApiClient();
  const sessionStore = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave /admin first: cleared while still there, the guard would send the user to /login instead.
    flushSync(() => navigate('/'));
    await endSession(
      sessionStore,
      queryClient,
      (endpoint) => removeServerPushSubscription(client, endpoint),
      { clearOutbox: true, endOnServer: () => endServerSession(client) },
    );
  }, [client, navigate, queryClient, sessionStore]);
}
