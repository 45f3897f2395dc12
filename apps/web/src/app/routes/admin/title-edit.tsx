import { useParams } from 'react-router';
import { FormMessage } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminTitle } from '@/features/admin/api/get-title';
import { useUpdateTitle } from '@/features/admin/api/save-title';
import { ArtworkUpload } from '@/features/admin/components/artwork-upload';
import { CastPhotos } from '@/features/admin/components/cast-photos';
import { EpisodesEditor } from '@/features/admin/components/episodes-editor';
import { TitleForm } from '@/features/admin/components/title-form';
import { VideoSlots } from '@/features/admin/components/video-slots';
import { useOperator } from '@/features/admin/hooks/use-operator';

/** A title's fields, artwork, cast photos, videos and (for a series) episodes. */
export function Component() {
  const { id = '' } = useParams();
  const { can } = useOperator();
  const title = useAdminTitle(id);
  const update = useUpdateTitle();
  const readOnly = !can('editCatalog');

  if (title.isPending) return <PageSpinner />;
  if (title.isError) return <FormMessage tone="error">{title.error.message}</FormMessage>;
  const current = title.data;
  const viewerHref = current.kind === 'movie' ? paths.movie.href(current.slug) : paths.series.href(current.slug);

  return (
    <div className="flex max-w-4xl flex-col gap-10">
      <div>
        <h1 className="text-2xl font-semibold text-white">{current.name}</h1>
        <p className="mt-1 text-sm text-zinc-400">
          {current.kind === 'movie' ? 'Movie' : 'Series'} · {current.isEnable ? 'Published' : 'Draft'} ·{' '}
          <a href={viewerHref} className="underline hover:text-white">
            View on the site
          </a>
        </p>
      </div>
      {/* Each save sends the version it was read at (`updatedAt`), refreshed by the server's answer. */}
      <TitleForm title={current} readOnly={readOnly} onSave={({ kind: _kind, ...fields }) => update.mutateAsync({ id: current._id, body: { ...fields, updatedAt: current.updatedAt } })} />
      <ArtworkUpload title={current} readOnly={readOnly} />
      <CastPhotos title={current} readOnly={readOnly} />
      <VideoSlots title={current} readOnly={readOnly} />
      {current.kind === 'series' && <EpisodesEditor title={current} readOnly={readOnly} />}
    </div>
  );
}
