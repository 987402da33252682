import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { endSession } from './end-session';
import { useSessionStore } from './session-context';

/** Logs out and goes to `/`. */
export function useLogout(): () => Promise<void> {
  const sessionStore = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave /admin first: cleared while still there, the guard would send the user to /login instead.
    flushSync(() => navigate('/'));
    await endSession(sessionStore, queryClient);
  }, [navigate, queryClient, sessionStore]);
}
