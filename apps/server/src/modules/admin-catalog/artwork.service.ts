import { randomBytes } from 'node:crypto';
import type { AdminTitle } from '@marquee/contract/admin';
import type { z } from 'zod';
import type { person } from '@marquee/contract/admin';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import { putWithVariants } from '../../images/artwork-variants';
import { NotAnImageError, toArtworkWebp, type ArtworkShape } from '../../images/avatar-image';
import type { MediaStore } from '../../storage/storage';
import type { Actor } from '../audit/audit.service';
import { changeCatalog } from './catalog-change';
import * as episodes from './episodes.repository';
import { requireEpisode } from './episodes.service';
import { titleDetail } from './title-view';
import * as repo from './titles.repository';
import { requireTitle, type TitleDeps } from './titles.service';

type Upload = Buffer | undefined;

/**
 * A title's poster or wide banner. The image is re-encoded (only pixels survive) under a new key,
 * so browsers and CDNs never show the old one from cache; banners showing the old wide image follow.
 */
export async function replaceTitleArtwork(deps: TitleDeps, input: { actor: Actor; titleId: string; slot: 'vertical' | 'horizontal'; upload: Upload }): Promise<AdminTitle> {
  const shape: ArtworkShape = input.slot === 'vertical' ? 'poster' : 'wide';
  const column = input.slot === 'vertical' ? 'verticalBanner' : 'horizontalBanner';
  await requireTitle(deps.db, input.titleId);
  const url = await storeArtwork(deps.store, { upload: input.upload, shape, key: `artwork/titles/${input.titleId}-${shape}` });
  return changeCatalog(deps, input.actor, async (tx) => {
    const title = await requireTitle(tx, input.titleId, { lock: true });
    await repo.updateTitle(tx, title.id, { [column]: url });
    if (column === 'horizontalBanner') await repo.replaceBannerImage(tx, { titleId: title.id, from: title.horizontalBanner, to: url });
    const detail = await titleDetail(tx, (await repo.findTitle(tx, title.id))!);
    return {
      result: detail,
      audit: { action: 'title.artwork', entityType: 'title', entityId: title.id, summary: `New ${input.slot === 'vertical' ? 'poster' : 'wide banner'} for '${title.name}'`, before: { [column]: title[column] }, after: { [column]: url } },
    };
  });
}

export async function replaceEpisodeThumbnail(deps: TitleDeps, input: { actor: Actor; episodeId: string; upload: Upload }): Promise<AdminTitle> {
  const url = await storeArtwork(deps.store, { upload: input.upload, shape: 'still', key: `artwork/episodes/${input.episodeId}` });
  return changeCatalog(deps, input.actor, async (tx) => {
    const episode = await requireEpisode(tx, input.episodeId);
    await episodes.updateEpisode(tx, episode.id, { thumbnail: url });
    const series = await requireTitle(tx, episode.seriesId);
    return {
      result: await titleDetail(tx, series),
      audit: { action: 'episode.thumbnail', entityType: 'episode', entityId: episode.id, summary: `New thumbnail for episode ${episode.number} of '${series.name}'`, before: { thumbnail: episode.thumbnail }, after: { thumbnail: url } },
    };
  });
}

export async function replacePersonPhoto(deps: TitleDeps, input: { actor: Actor; personId: string; upload: Upload }): Promise<z.infer<typeof person>> {
  if (!(await repo.findPerson(deps.db, input.personId))) throw new NotFoundError('Person');
  const url = await storeArtwork(deps.store, { upload: input.upload, shape: 'portrait', key: `artwork/people/${input.personId}` });
  return changeCatalog(deps, input.actor, async (tx) => {
    const before = (await repo.findPerson(tx, input.personId))!;
    const after = await repo.updatePersonImage(tx, { id: before.id, image: url });
    return {
      result: { _id: after.id, name: after.name, image: after.image },
      audit: { action: 'person.photo', entityType: 'person', entityId: after.id, summary: `New photo of ${after.name}`, before: { image: before.image }, after: { image: url } },
    };
  });
}

export async function searchPeople(deps: TitleDeps, search: string) {
  const rows = await repo.searchPeople(deps.db, search);
  return rows.map((p) => ({ _id: p.id, name: p.name, image: p.image }));
}

/** Checked and re-encoded before anything is saved: a file that is not an image changes nothing. */
async function storeArtwork(store: MediaStore, input: { upload: Upload; shape: ArtworkShape; key: string }): Promise<string> {
  if (!input.upload || input.upload.length === 0) throw new BadRequestError('Choose an image to upload', { field: 'image' });
  let webp: Buffer;
  try {
    webp = await toArtworkWebp(input.upload, input.shape);
  } catch (error) {
    if (error instanceof NotAnImageError) throw new BadRequestError(error.message, { field: 'image' });
    throw error;
  }
  const key = `${input.key}-${randomBytes(4).toString('hex')}.webp`;
  await putWithVariants(store, key, webp);
  return store.public.url(key);
}
