import type { AdminEpisode, AdminTitle } from '@marquee/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from './fields';
import { reorderErrorMessage } from '../utils/reorder-error';
import { SortableList } from './sortable-list';
import { Button } from '@/components/ui/button';
import { adminQueryKey } from '../api/admin-api-client';
import { useAddEpisode, useReorderEpisodes, useUpdateEpisode } from '../api/episodes';
import { EpisodeForm } from './episode-form';

/** A series' episodes: add one at the end, edit one, or drag them into a new order. */
export function EpisodesEditor({ title, readOnly }: { title: AdminTitle; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const add = useAddEpisode();
  const update = useUpdateEpisode();
  const reorder = useReorderEpisodes();
  const [editing, setEditing] = useState<string | null>(null);

  const onReorder = (ids: string[]) =>
    reorder.mutate(
      { titleId: title._id, body: { ids, version: title.episodesVersion } },
      { onError: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('title', { id: title._id }) }) },
    );

  return (
    <section aria-labelledby="episodes-heading" className="flex flex-col gap-4">
      <h2 id="episodes-heading" className="text-lg font-semibold text-white">
        Episodes
      </h2>
      {reorder.isError && <FormMessage tone="error">{reorderErrorMessage(reorder.error)}</FormMessage>}
      {title.episodes.length === 0 ? (
        <p className="text-sm text-zinc-400">No episodes yet.</p>
      ) : (
        <SortableList
          items={title.episodes}
          label={`Episodes of ${title.name}`}
          itemLabel={(episode) => `episode ${episode.number}, ${episode.name}`}
          onReorder={onReorder}
          disabled={readOnly || reorder.isPending}
          renderItem={(episode) =>
            editing === episode._id ? (
              <EpisodeForm
                label={`Edit episode ${episode.number}`}
                submitLabel="Save episode"
                initial={valuesOf(episode)}
                onSave={(body) => update.mutateAsync({ id: episode._id, body: { ...body, updatedAt: episode.updatedAt } })}
                onDone={() => setEditing(null)}
              />
            ) : (
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm">
                  <span className="text-zinc-400">{episode.number}.</span> <span className="text-white">{episode.name}</span>
                  {!episode.isEnable && <span className="ml-2 text-xs text-zinc-400">(hidden)</span>}
                </p>
                {!readOnly && (
                  <Button variant="ghost" size="sm" aria-label={`Edit episode ${episode.number}, ${episode.name}`} onClick={() => setEditing(episode._id)}>
                    Edit
                  </Button>
                )}
              </div>
            )
          }
        />
      )}
      {!readOnly && (
        <div className="rounded-lg bg-zinc-900/60 p-4">
          <h3 className="mb-3 text-sm font-semibold text-white">Add an episode</h3>
          <EpisodeForm label="New episode" submitLabel="Add episode" onSave={(body) => add.mutateAsync({ titleId: title._id, body })} />
        </div>
      )}
    </section>
  );
}

function valuesOf(episode: AdminEpisode) {
  return { name: episode.name, description: episode.description, durationMinutes: episode.durationMinutes, isEnable: episode.isEnable };
}
