import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { START_PATH } from '../domain/client/entry-navigation';
import { canUseBackOffice } from '../domain/client/navigation';
import { useSession } from '../queries/session/session-context';

/** Hides the back office from clients; the server checks the role on every call regardless. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session && canUseBackOffice(session.user) ? children : <Navigate to={START_PATH} replace />;
}
