import type { WatchlistKind } from '@marquee/contract';
import { Check, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCurrentSession } from '@/lib/session-store';
import { useAddToWatchlist } from '../api/add-to-watchlist';
import { useWatchlistMembership } from '../api/get-watchlist-membership';
import { useRemoveFromWatchlist } from '../api/remove-from-watchlist';

interface WatchlistToggleProps {
  titleId: string;
  kind: WatchlistKind;
}

/** Add to / remove from the watchlist on a title page; only for a signed-in viewer. */
export function WatchlistToggle(props: WatchlistToggleProps) {
  const session = useCurrentSession();
  if (!session) return null;
  return <Toggle {...props} />;
}

function Toggle({ titleId, kind }: WatchlistToggleProps) {
  const membership = useWatchlistMembership(titleId);
  const add = useAddToWatchlist({ id: titleId, kind });
  const remove = useRemoveFromWatchlist(titleId);
  const inList = membership.data?.isExist ?? false;
  // Busy until the re-check answers, so the button never shows a state the server has not confirmed.
  const busy = membership.isPending || membership.isFetching || add.isPending || remove.isPending;

  const toggle = () => {
    if (busy) return;
    add.reset();
    remove.reset();
    if (inList) remove.mutate();
    else add.mutate();
  };

  return (
    <div className="flex flex-col gap-2">
      {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus. */}
      <Button variant="secondary" aria-pressed={inList} aria-disabled={busy || undefined} onClick={toggle} className="aria-disabled:opacity-70">
        {inList ? <Check aria-hidden="true" className="size-5" /> : <Plus aria-hidden="true" className="size-5" />}
        {inList ? 'In Watchlist' : 'Add to Watchlist'}
      </Button>
      {(add.isError || remove.isError) && (
        <p role="alert" className="text-sm text-red-400">
          Your watchlist could not be updated. Please try again.
        </p>
      )}
    </div>
  );
}
