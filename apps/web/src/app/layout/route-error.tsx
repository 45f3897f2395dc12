import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The router's failure screen (SPEC §8). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';

  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 bg-zinc-950 px-4 py-16 text-center text-zinc-100">
      <h1 className="text-2xl font-bold text-white sm:text-3xl">Unexpected Application Error!</h1>
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
