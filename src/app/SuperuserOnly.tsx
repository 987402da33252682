import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { START_PATH } from '../domain/entry-navigation';
import { useSession } from './session/session-context';

/** Hides superuser areas from other users; the server checks the role on every call regardless. */
export function SuperuserOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session?.user.isSuperuser ? children : <Navigate to={START_PATH} replace />;
}
