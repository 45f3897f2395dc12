import type { Mood } from './artwork-palette';
import type { ArtworkJob } from './artwork-render';
import { episodeSvg, landscapeSvg, portraitSvg, posterSvg, type TitleArt } from './artwork-svg';
import type { DemoCatalogue, DemoTitle } from '../catalogue/demo-catalogue';
import type { GenreName } from '../catalogue/demo-types';

/** Pixel sizes of the demo artwork: 11:16 posters, 16:9 everything wide, square portraits. */
export const artworkSizes = {
  poster: { width: 440, height: 640 },
  wide: { width: 1280, height: 720 },
  hero: { width: 1600, height: 900 },
  episode: { width: 480, height: 270 },
  portrait: { width: 256, height: 256 },
} as const;

const moods: Record<GenreName, Mood> = {
  Action: 'action',
  Animation: 'kids',
  Comedy: 'comedy',
  Crime: 'thriller',
  Documentary: 'documentary',
  Drama: 'drama',
  Family: 'kids',
  Fantasy: 'fantasy',
  Horror: 'horror',
  Romance: 'romance',
  'Sci-Fi': 'scifi',
  Thriller: 'thriller',
};

/** Every image the demo catalogue refers to, each with the recipe to draw it. */
export function demoArtworkJobs(catalogue: DemoCatalogue): ArtworkJob[] {
  const arts = new Map(catalogue.titles.map((title) => [title.slug, titleArt(title)]));
  const jobs: ArtworkJob[] = [];
  for (const title of catalogue.titles) {
    const art = arts.get(title.slug) as TitleArt;
    jobs.push({ url: title.verticalBanner, ...artworkSizes.poster, svg: () => posterSvg(art, artworkSizes.poster) });
    jobs.push({ url: title.horizontalBanner, ...artworkSizes.wide, svg: () => landscapeSvg(art, artworkSizes.wide) });
    for (const episode of title.episodes) {
      jobs.push({
        url: episode.thumbnail,
        ...artworkSizes.episode,
        svg: () => episodeSvg({ ...artworkSizes.episode, series: art, number: episode.number }),
      });
    }
  }
  // A title can headline banners in several categories; its hero image is drawn once.
  const heroes = new Map(catalogue.categories.flatMap((category) => category.banners).map((banner) => [banner.image, banner.title]));
  for (const [url, slug] of heroes) {
    const art = arts.get(slug) as TitleArt;
    jobs.push({ url, ...artworkSizes.hero, svg: () => landscapeSvg(art, artworkSizes.hero) });
  }
  for (const person of catalogue.people) {
    const size = artworkSizes.portrait.width;
    jobs.push({ url: person.image, ...artworkSizes.portrait, svg: () => portraitSvg({ seed: person.slug, size }), variants: false });
  }
  return jobs;
}

function titleArt(title: DemoTitle): TitleArt {
  const genres = title.genres.slice(0, 2).join(' · ');
  return {
    seed: title.slug,
    name: title.name,
    mood: title.look ?? moods[title.genres[0] ?? 'Drama'],
    tagline: title.tagline,
    caption: title.kind === 'series' ? `${genres} · Series` : `${title.releaseYear} · ${genres}`,
  };
}
