import { Users } from 'lucide-react';
import { useDisplaySettings } from '../api/get-display-settings';

/** behaviour.md §9's figure, shown until (or unless) the display setting arrives. */
export const DEFAULT_SUBSCRIBER_COUNT = 35864;

export function SubscriberBadge() {
  const { data } = useDisplaySettings();
  const count = data?.subscriberCount ?? DEFAULT_SUBSCRIBER_COUNT;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-white/5 px-3 py-1 text-xs font-medium whitespace-nowrap text-zinc-300 ring-1 ring-white/10">
      <Users aria-hidden="true" className="size-3.5 text-amber-400" />
      {`Subscribers: ${count}`}
    </span>
  );
}
