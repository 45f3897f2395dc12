import { PageSpinner } from '@/components/ui/spinner';
import { useFeeds } from '@/features/admin/api/feeds';
import { FeedCard } from '@/features/admin/components/feed-card';
import { FormMessage } from '@/features/admin/components/fields';
import { useOperator } from '@/features/admin/hooks/use-operator';

/** The partner feeds the third-party catalogue comes from: each one's syncs, counts and errors. */
export function Component() {
  const { can } = useOperator();
  const feeds = useFeeds();

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Partner feeds</h1>
      {feeds.isError && <FormMessage tone="error">{feeds.error.message}</FormMessage>}
      {feeds.isPending ? (
        <PageSpinner />
      ) : feeds.data?.items.length ? (
        feeds.data.items.map((feed) => <FeedCard key={feed.name} feed={feed} canSync={can('editCatalog')} />)
      ) : (
        <p className="text-zinc-400">No partner feed is configured (THIRD_PARTY_FEEDS).</p>
      )}
    </div>
  );
}
