import { PageMessage } from '@/components/layout/page-message';
import { Button } from '@/components/ui/button';
import { useCategoryData } from '@/features/catalog/api/get-category-data';
import { BannerCarousel } from '@/features/catalog/components/banner-carousel';
import { ContentRow } from '@/features/catalog/components/content-row';
import { HomeSkeleton } from '@/features/catalog/components/home-skeleton';
import { PersonalRows } from '@/features/catalog/components/personal-rows';
import { useCategories } from '@/features/catalog/hooks/use-categories';
import { ContinueWatchingRow } from '@/features/progress/components/continue-watching-row';

/** Home for the active category: its banners, Continue Watching and the profile's personal rows, then its rows. */
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
      <BannerCarousel banners={banners} />
      <ContinueWatchingRow />
      <PersonalRows rows={categoryData.data?.personalRows} />
      {rows.map((row) => (
        <ContentRow key={row._id} row={row} />
      ))}
    </div>
  );
}
