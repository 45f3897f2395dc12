import { PageMessage } from '@/components/layout/page-message';
import { Button } from '@/components/ui/button';
import { useCategoryData } from '@/features/catalog/api/get-category-data';
import { BannerCarousel } from '@/features/catalog/components/banner-carousel';
import { ContentRow } from '@/features/catalog/components/content-row';
import { RowSkeleton } from '@/features/catalog/components/row-skeleton';
import { useCategories } from '@/features/catalog/components/use-categories';
import { ContinueWatchingRow } from '@/features/progress/components/continue-watching-row';

/** Home for the active category: its banners, then its rows. */
export function Component() {
  const { categories, activeCategory, isPending, isError, refetch } = useCategories();
  const categoryData = useCategoryData(activeCategory);
  const category = categories.find((candidate) => candidate._id === activeCategory);

  if (isError || categoryData.isError) {
    return (
      <PageMessage title="We couldn't load this page">
        <p>Please check your connection and try again.</p>
        <Button className="mt-6" onClick={() => (isError ? refetch() : void categoryData.refetch())}>
          Try again
        </Button>
      </PageMessage>
    );
  }
  if (isPending || (activeCategory !== null && categoryData.isPending)) return <HomeSkeleton />;

  const rows = (categoryData.data?.subcategories ?? []).filter((row) => row.content.some((entry) => entry.item.isEnable));
  const banners = categoryData.data?.banners ?? [];
  if (rows.length === 0 && !banners.some((banner) => banner.isEnable)) return <PageMessage title="No Data Found" />;

  return (
    <div className="space-y-10">
      <h1 className="sr-only">{category ? `${category.name} — Marquee` : 'Marquee'}</h1>
      <ContinueWatchingRow />
      <BannerCarousel banners={banners} />
      {rows.map((row) => (
        <ContentRow key={row._id} row={row} />
      ))}
    </div>
  );
}

function HomeSkeleton() {
  return (
    <div className="space-y-10">
      <div className="aspect-[16/9] w-full animate-pulse rounded-xl bg-zinc-900 lg:aspect-[21/9]" />
      <RowSkeleton rows={3} />
    </div>
  );
}
