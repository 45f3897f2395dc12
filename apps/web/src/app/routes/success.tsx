import { Navigate, Link, useLocation } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { readSuccessState } from '@/lib/navigation-state';

/** After a purchase: the passed message or 'Success'; without state there is nothing to confirm. */
export function Component() {
  const state = readSuccessState(useLocation().state);
  if (!state) return <Navigate to={paths.home.href()} replace />;

  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <CircleCheck aria-hidden="true" className="size-16 text-emerald-400" />
      <h1 className="max-w-xl text-2xl font-bold text-white sm:text-3xl">{state.message ?? 'Success'}</h1>
      <Link to={paths.home.href()} className={buttonClass()}>
        Enjoy Watching
      </Link>
    </div>
  );
}
