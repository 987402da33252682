import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LOGIN_PATH } from '../../domain/client/entry-navigation';
import { useSession } from '../../queries/session/session-context';

export interface LoginRedirectState {
  /** The page the visitor wanted; the login returns there. */
  from: string;
}

/** Guards `/admin/*`: without a session the visitor logs in first and then comes back. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return <Outlet />;
}
