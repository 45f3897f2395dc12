import { Play } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import type { SubscriptionIntent } from '@/lib/navigation-state';
import { useSession } from '@/lib/session-store';

interface WatchNowProps {
  title: SubscriptionIntent['title'];
}

/**
 * Shown only to viewers without access. Without a session it leads to sign-in; with one it
 * offers the ways to get access (SPEC §2 'Watch dialog').
 */
export function WatchNow({ title }: WatchNowProps) {
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
        <Button className="w-full" onClick={buySubscription}>
          Buy Subscription
        </Button>
      </Dialog>
    </>
  );
}
