import type { CategoryLayout } from '@marquee/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { FormMessage } from './fields';
import { reorderErrorMessage } from '../utils/reorder-error';
import { SortableList } from './sortable-list';
import { Button } from '@/components/ui/button';
import { adminQueryKey } from '../api/admin-api-client';
import { useCreateBanner, useDeleteBanner, useReorderBanners, useUpdateBanner } from '../api/layout';
import { TitlePicker } from './title-picker';
import { useChoice } from '../hooks/use-choice';

/** A category's banner carousel: which titles it features, in order, each as an image or its trailer. */
export function BannersEditor({ layout, readOnly }: { layout: CategoryLayout; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const categoryId = layout.category._id;
  const reorder = useReorderBanners();
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const remove = useDeleteBanner();
  // What each banner shows while a change to it is saved.
  const origin = useChoice<'Image' | 'Video'>();
  const shown = useChoice<boolean>();
  const failure = reorder.error ?? create.error ?? update.error ?? remove.error;

  return (
    <section aria-labelledby="banners-heading" className="flex flex-col gap-3">
      <h3 id="banners-heading" className="text-lg font-semibold text-white">
        Banners
      </h3>
      {failure && <FormMessage tone="error">{failure === reorder.error ? reorderErrorMessage(failure) : failure.message}</FormMessage>}
      {layout.banners.length === 0 ? (
        <p className="text-sm text-zinc-400">No banners yet.</p>
      ) : (
        <SortableList
          items={layout.banners}
          label={`Banners of ${layout.category.name}`}
          itemLabel={(banner) => banner.title.name}
          disabled={readOnly || reorder.isPending}
          onReorder={(ids) =>
            reorder.mutate(
              { categoryId, body: { ids, version: layout.bannersVersion } },
              { onError: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('categoryLayout', { id: categoryId }) }) },
            )
          }
          renderItem={(banner) => (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="flex items-center gap-2">
                {banner.image && <img src={banner.image} alt="" className="h-9 w-16 rounded object-cover" />}
                {banner.title.name}
                {!banner.title.isEnable && <span className="text-xs text-zinc-400">(draft, not shown)</span>}
              </span>
              {!readOnly && (
                <span className="flex items-center gap-3">
                  <label className="flex items-center gap-1 text-xs text-zinc-300">
                    Shows
                    <select
                      value={origin.shown(banner._id, banner.origin)}
                      className="rounded bg-zinc-800 px-1 py-0.5"
                      onChange={(event) => {
                        const chosen = event.target.value as 'Image' | 'Video';
                        origin.choose(banner._id, chosen);
                        update.mutate({ id: banner._id, body: { origin: chosen, isEnable: banner.isEnable, updatedAt: banner.updatedAt } }, { onSettled: origin.settled });
                      }}
                    >
                      <option value="Image">Image</option>
                      <option value="Video">Trailer</option>
                    </select>
                    <span className="sr-only">for {banner.title.name}</span>
                  </label>
                  <label className="flex items-center gap-1 text-xs text-zinc-300">
                    <input
                      type="checkbox"
                      className="accent-amber-400"
                      checked={shown.shown(banner._id, banner.isEnable)}
                      onChange={(event) => {
                        shown.choose(banner._id, event.target.checked);
                        update.mutate({ id: banner._id, body: { origin: banner.origin, isEnable: event.target.checked, updatedAt: banner.updatedAt } }, { onSettled: shown.settled });
                      }}
                    />
                    Shown<span className="sr-only"> banner {banner.title.name}</span>
                  </label>
                  <Button variant="ghost" size="sm" aria-label={`Remove the banner of ${banner.title.name}`} onClick={() => remove.mutate(banner._id)}>
                    Remove
                  </Button>
                </span>
              )}
            </div>
          )}
        />
      )}
      {!readOnly && (
        <TitlePicker
          label="Add a banner"
          exclude={layout.banners.map((banner) => banner.title._id)}
          disabled={create.isPending}
          onPick={(titleId) => create.mutate({ categoryId, body: { titleId } })}
        />
      )}
    </section>
  );
}
