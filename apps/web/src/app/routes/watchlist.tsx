import { WatchlistGrid } from '@/features/watchlist/components/watchlist-grid';

export function Component() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Watchlist</h1>
      <WatchlistGrid />
    </div>
  );
}
