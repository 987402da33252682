import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../api/session/session-context';
import type { SessionUser } from '../../api/session/session-store';
import { useMe } from '../../api/user';
import { endSession } from '../session/end-session';

/**
 * Keeps the stored user in step with `me`. When the server answers `me: null` although a token is
 * stored, the token is no longer valid: the session ends and the guard asks for a new login.
 */
export function useSessionSync(storedUser: SessionUser): SessionUser {
  const sessionStore = useSessionStore();
  const queryClient = useQueryClient();
  const me = useMe(storedUser);

  useEffect(() => {
    if (me.data === null) {
      void endSession(sessionStore, queryClient);
    } else if (JSON.stringify(me.data) !== JSON.stringify(storedUser)) {
      sessionStore.updateUser(me.data);
    }
  }, [me.data, storedUser, sessionStore, queryClient]);

  return me.data ?? storedUser;
}
