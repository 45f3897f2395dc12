import { RENTAL_START_WINDOW_DAYS, RENTAL_VIEWING_HOURS } from '@marquee/contract/client';
import { Ticket } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatUsd } from '@/lib/money';
import type { RentChoice } from './watch-now';

export interface WatchChoiceDialogProps {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubscribe: () => void;
  rent?: RentChoice | null;
}

/** 'Select Your Preference': the subscription, and the rental when the title is for rent. Loaded on demand by WatchNow. */
export default function WatchChoiceDialog({ name, open, onOpenChange, onSubscribe, rent }: WatchChoiceDialogProps) {
  // The rental's payment dialog is one press away from here.
  const preloadRent = rent?.preload;
  useEffect(() => {
    if (open) preloadRent?.();
  }, [open, preloadRent]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Select Your Preference" description={`Choose how you would like to watch ${name}.`}>
      <div className="space-y-3">
        <Button className="w-full" onClick={onSubscribe}>
          Buy Subscription
        </Button>
        <p className="text-center text-xs text-zinc-400">Every movie and series, for as long as your plan runs.</p>
        {rent && (
          <>
            <Button
              variant="secondary"
              className="mt-2 w-full"
              onClick={() => {
                onOpenChange(false);
                rent.choose();
              }}
            >
              <Ticket aria-hidden="true" className="size-5" />
              Rent for {formatUsd(rent.price)}
            </Button>
            <p className="text-center text-xs text-zinc-400">{`Just ${name}: ${RENTAL_START_WINDOW_DAYS} days to start, ${RENTAL_VIEWING_HOURS} hours once you press Play.`}</p>
          </>
        )}
      </div>
    </Dialog>
  );
}
