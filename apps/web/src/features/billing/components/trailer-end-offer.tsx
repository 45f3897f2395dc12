import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { SubscriptionIntent } from '@/lib/navigation-state';
import { RentButton } from './rent-button';

interface TrailerEndOfferProps {
  title: SubscriptionIntent['title'] & { id: string; rentPrice?: number | null };
  onRented?: (message: string) => void;
}

/** Over the last frame of a trailer, for a viewer without access: the ways to watch the whole title. */
export function TrailerEndOffer({ title, onRented }: TrailerEndOfferProps) {
  const { pathname } = useLocation();
  const intent: SubscriptionIntent = { title: { kind: title.kind, slug: title.slug, name: title.name }, returnTo: pathname };
  const rentPrice = title.rentPrice ?? null;

  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-black/80 p-6 text-center">
      <p className="text-lg font-semibold text-white sm:text-2xl">Watch all of {title.name}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.subscriptions.href()} state={intent} className={buttonClass()}>
          Buy Subscription
        </Link>
        {rentPrice !== null && (
          <RentButton
            title={{ type: title.kind === 'movie' ? 'Movie' : 'Series', id: title.id, name: title.name }}
            price={rentPrice}
            onRented={onRented}
          />
        )}
      </div>
    </div>
  );
}
