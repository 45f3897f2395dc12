import { RENTAL_START_WINDOW_DAYS, RENTAL_VIEWING_HOURS } from '@marquee/contract/client';
import { Play, Ticket } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { formatUsd } from '@/lib/money';
import type { SubscriptionIntent } from '@/lib/navigation-state';
import { useSession } from '@/lib/session-store';

/** A rental the page can sell: its price, and how to open its payment (owned by the route). */
export interface RentChoice {
  price: number;
  choose: () => void;
}

interface WatchNowProps {
  title: SubscriptionIntent['title'];
  /** Set when the server says the viewer can rent the title. */
  rent?: RentChoice | null;
}

/**
 * Shown only to viewers without access. Without a session it leads to sign-in; with one it
 * offers the ways to get access (behaviour.md §2 'Watch dialog'): the subscription, and the rental when
 * the title is for rent.
 */
export function WatchNow({ title, rent }: WatchNowProps) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (isLoggedIn) setOpen(true);
    else void navigate(paths.login.href());
  };

  const buySubscription = () => {
    const intent: SubscriptionIntent = { title, returnTo: pathname };
    setOpen(false);
    void navigate(paths.subscriptions.href(), { state: intent });
  };

  return (
    <>
      <Button onClick={start}>
        <Play aria-hidden="true" className="size-5 fill-current" />
        Watch Now
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Select Your Preference"
        description={`Choose how you would like to watch ${title.name}.`}
      >
        <div className="space-y-3">
          <Button className="w-full" onClick={buySubscription}>
            Buy Subscription
          </Button>
          <p className="text-center text-xs text-zinc-400">Every movie and series, for as long as your plan runs.</p>
          {rent && (
            <>
              <Button
                variant="secondary"
                className="mt-2 w-full"
                onClick={() => {
                  setOpen(false);
                  rent.choose();
                }}
              >
                <Ticket aria-hidden="true" className="size-5" />
                Rent for {formatUsd(rent.price)}
              </Button>
              <p className="text-center text-xs text-zinc-400">{`Just ${title.name}: ${RENTAL_START_WINDOW_DAYS} days to start, ${RENTAL_VIEWING_HOURS} hours once you press Play.`}</p>
            </>
          )}
        </div>
      </Dialog>
    </>
  );
}
