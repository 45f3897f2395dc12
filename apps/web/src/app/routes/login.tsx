import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { useSession } from '@/lib/session-store';

export function Component() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  if (isLoggedIn) return <Navigate to={paths.home.href()} replace />;

  return (
    <div className="flex min-h-[60vh] items-center justify-center py-10">
      <div className="w-full max-w-sm rounded-2xl bg-zinc-900 p-8 text-center shadow-2xl ring-1 ring-white/10">
        <h1 className="text-2xl font-bold text-white">Sign in to {site.name}</h1>
        <p className="mt-3 text-sm leading-relaxed text-zinc-400">
          Use your Google account to keep a watchlist, pick up where you left off and manage your subscription.
          We only receive your name, email address and profile picture.
        </p>
        <div className="mt-8">
          <SignInPanel />
        </div>
      </div>
    </div>
  );
}
