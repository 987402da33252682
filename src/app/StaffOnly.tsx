import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../api/session/session-context';
import { START_PATH } from '../routes/entry-navigation';
import { canUseBackOffice } from './layout/navigation';

/** Hides the back office from clients; the server checks the role on every call regardless. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session && canUseBackOffice(session.user) ? children : <Navigate to={START_PATH} replace />;
}
