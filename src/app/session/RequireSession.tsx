import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../api/session/session-context';
import { LOGIN_PATH, type LoginRedirectState } from '../../routes/entry-navigation';

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
