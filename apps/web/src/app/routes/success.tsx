import { CircleCheck } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PurchaseDetails } from '@/features/billing/components/purchase-details';
import { WatchNext } from '@/features/catalog/components/watch-next';
import { readSuccessState } from '@/lib/navigation-state';

/**
 * After a purchase: the passed message or 'Success', what was bought and until when, and what to
 * watch next (the title the viewer came for first). Without state there is nothing to confirm.
 */
export function Component() {
  const state = readSuccessState(useLocation().state);
  if (!state) return <Navigate to={paths.home.href()} replace />;
  const { title } = state;

  return (
    <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 py-10 text-center sm:py-16">
      <CircleCheck aria-hidden="true" className="size-16 text-emerald-400" />
      <h1 className="max-w-xl text-2xl font-bold text-white sm:text-3xl">{state.message ?? 'Success'}</h1>
      {state.purchase && <PurchaseDetails purchase={state.purchase} className="w-full max-w-md" />}
      <div className="flex flex-wrap justify-center gap-3">
        {title && (
          <Link to={title.kind === 'series' ? paths.series.href(title.slug) : paths.movie.href(title.slug)} className={buttonClass()}>
            Watch {title.name}
          </Link>
        )}
        <Link to={paths.home.href()} className={buttonClass({ variant: title ? 'secondary' : 'primary' })}>
          Enjoy Watching
        </Link>
      </div>
      <WatchNext limit={6} exceptSlug={title?.slug} className="mt-6 w-full text-left" />
    </div>
  );
}
