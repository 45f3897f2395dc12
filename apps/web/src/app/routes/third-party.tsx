import { PageMessage } from '@/components/layout/page-message';
import { Button } from '@/components/ui/button';
import { BannerCarousel } from '@/features/catalog/components/banner-carousel';
import { ContentRow } from '@/features/catalog/components/content-row';
import { RowSkeleton } from '@/features/catalog/components/row-skeleton';
import { useThirdPartyHomepage } from '@/features/third-party/api/get-third-party-homepage';

/** The third-party home (behaviour.md §2): partners' banners and rows, each card opening /third-party/{slug}. */
export function Component() {
  const home = useThirdPartyHomepage();

  if (home.isError) {
    return (
      <PageMessage title="We couldn't load this page">
        <p>Please check your connection and try again.</p>
        <Button className="mt-6" onClick={() => void home.refetch()}>
          Try again
        </Button>
      </PageMessage>
    );
  }
  if (home.isPending) {
    return (
      <div className="space-y-10">
        <div className="aspect-[16/9] w-full animate-pulse rounded-xl bg-zinc-900 lg:aspect-[21/9]" />
        <RowSkeleton rows={3} />
      </div>
    );
  }

  const rows = home.data.subcategories.filter((row) => row.content.some((entry) => entry.item.isEnable));
  if (rows.length === 0 && !home.data.banners.some((banner) => banner.isEnable)) return <PageMessage title="No Data Found" />;

  return (
    <div className="space-y-10">
      <h1 className="sr-only">Partner picks — Marquee</h1>
      <BannerCarousel banners={home.data.banners} origin="third-party" />
      {rows.map((row) => (
        <ContentRow key={row._id} row={row} origin="third-party" />
      ))}
    </div>
  );
}
