import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session-store';

/**
 * Pages that need a session send visitors to /login (behaviour.md §2). A viewer who signs out on purpose
 * while on one of them goes home instead.
 */
export function RequireSession() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const signedOut = useSession((state) => state.signedOut);
  const [hadSession] = useState(isLoggedIn);
  if (!isLoggedIn) return <Navigate to={hadSession && signedOut ? paths.home.href() : paths.login.href()} replace />;
  return <Outlet />;
}
