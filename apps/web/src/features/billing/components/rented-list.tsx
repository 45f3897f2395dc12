import type { RentedEntry } from '@marquee/contract';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { PageMessage } from '@/components/layout/page-message';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRented } from '../api/get-rented';
import { rentalTimeLeft } from '@/lib/rental-time';

/** The viewer's rentals with the time each has left; 'No Data Found' when there are none (behaviour.md §2). */
export function RentedList() {
  const rented = useRented();
  if (rented.isPending && rented.fetchStatus !== 'idle') return <PageSpinner />;

  const entries = (rented.data?.rentedContent ?? []).filter((entry) => entry.item.isEnable);
  if (entries.length === 0) return <PageMessage title="No Data Found" headingLevel={2} />;

  return (
    <ul className="grid grid-cols-1 gap-x-3 gap-y-6 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      {entries.map((entry) => (
        <li key={entry._id}>
          <RentedCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function RentedCard({ entry }: { entry: RentedEntry }) {
  const { item } = entry;
  const href = entry.kind === 'series' ? paths.series.href(item.slug) : paths.movie.href(item.slug);
  return (
    <Link to={href} className="group block rounded-md outline-none">
      <span className="relative block aspect-video overflow-hidden rounded-md bg-zinc-800 ring-1 ring-white/5 transition group-hover:ring-white/30 group-focus-visible:ring-[3px] group-focus-visible:ring-amber-400">
        <img src={item.horizontalBanner} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
      </span>
      <span className="mt-2 block truncate text-sm font-medium text-zinc-200 group-hover:text-white">{item.name}</span>
      <span className="mt-0.5 flex items-center gap-1.5 text-xs text-amber-300">
        <Clock aria-hidden="true" className="size-3.5" />
        {rentalTimeLeft(entry)}
      </span>
    </Link>
  );
}
