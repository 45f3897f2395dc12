import { Play } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { SubscriptionIntent } from '@/lib/navigation-state';
import { onDemand, useOpenedOnce } from '@/lib/on-demand';
import { useSession } from '@/lib/session-store';

/** A rental the page can sell: its price, and how to open its payment (owned by the route). */
export interface RentChoice {
  price: number;
  choose: () => void;
  /** Fetches the payment dialog's code ahead of `choose`. */
  preload?: () => void;
}

// The dialog is not part of the title page's first load: its code is fetched when the pointer
// enters or focus reaches Watch Now, or at the latest on the press.
const WatchChoiceDialog = onDemand(() => import('./watch-choice-dialog'));

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
  const mounted = useOpenedOnce(open);

  const preload = () => {
    if (isLoggedIn) WatchChoiceDialog.preload();
  };

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
      <Button onPointerEnter={preload} onFocus={preload} onClick={start}>
        <Play aria-hidden="true" className="size-5 fill-current" />
        Watch Now
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <WatchChoiceDialog.Component name={title.name} open={open} onOpenChange={setOpen} onSubscribe={buySubscription} rent={rent} />
        </Suspense>
      )}
    </>
  );
}
