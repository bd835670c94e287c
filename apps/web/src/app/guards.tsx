import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session.ts';

/** Where the login page sends the user once signed in. */
export interface LoginState {
  from?: string;
}

/** Navigation guard (spec 1 §2.1): signed-in routes send a signed-out visitor to /login. */
export function RequireSignedIn() {
  const { data } = useSession();
  const location = useLocation();
  if (data?.status !== 'signedIn') {
    const from = location.pathname === '/' ? undefined : location.pathname + location.search;
    return <Navigate to="/login" replace state={{ from } satisfies LoginState} />;
  }
  return <Outlet />;
}
