import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session.ts';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { useDocumentTitle } from './pageTitle.ts';

/**
 * Start-up (spec 1 §2.3): nothing renders until the session check answers, so the router still
 * holds the first requested address; the guards below then decide where it leads.
 */
export function RootLayout() {
  useDocumentTitle();
  const session = useSession();
  const { pathname } = useLocation();

  if (!session.data) return <LoadingScreen />;
  // Without an administrator nothing but the setup wizard can work.
  if (session.data.status === 'setup' && pathname !== '/setup') return <Navigate to="/setup" replace />;
  return <Outlet />;
}
