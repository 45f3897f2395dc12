import { useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { PageLoadError, reloadOnceFor } from '../page-loader';

/** The router's failure screen (behaviour.md §8); a page whose code could not be downloaded says so in words. */
export function RouteError() {
  const error = useRouteError();
  // Decided once per error (the reload itself is guarded against repeating, page-loader.ts).
  const [decided, setDecided] = useState(() => ({ error, reloading: reloadOnceFor(error) }));
  if (decided.error !== error) setDecided({ error, reloading: reloadOnceFor(error) });
  const reloading = decided.error === error ? decided.reloading : false;
  const unloadable = error instanceof PageLoadError;
  if (reloading) return <PageSpinner />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';

  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 bg-zinc-950 px-4 py-16 text-center text-zinc-100">
      <h1 className="text-2xl font-bold text-white sm:text-3xl">{unloadable ? "We couldn't load this page" : 'Unexpected Application Error!'}</h1>
      <p className="max-w-lg text-zinc-400">{detail}</p>
      <div className="flex gap-3">
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home.href()} reloadDocument className={buttonClass({ variant: 'secondary' })}>
          Go home
        </Link>
      </div>
    </div>
  );
}
