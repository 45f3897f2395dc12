import { describe, expect, it } from 'vitest';
import { demoArtworkJobs } from '../artwork/demo-artwork';
import { buildDemoCatalogue } from './demo-catalogue';

// The data alone, without a database: fast checks that the hand-written catalogue stays believable.
describe('buildDemoCatalogue', () => {
  const catalogue = buildDemoCatalogue();
  const movies = catalogue.titles.filter((title) => title.kind === 'movie');
  const series = catalogue.titles.filter((title) => title.kind === 'series');

  it('is the same on every call, so slugs and casts are stable across seeds', () => {
    expect(buildDemoCatalogue()).toEqual(catalogue);
    expect(demoArtworkJobs(buildDemoCatalogue()).map((job) => job.svg())).toEqual(demoArtworkJobs(catalogue).map((job) => job.svg()));
  });

  it('has plausible titles', () => {
    expect(movies.length).toBeGreaterThanOrEqual(30);
    expect(series.length).toBeGreaterThanOrEqual(6);
    for (const title of catalogue.titles) {
      expect(title.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(title.rating).toBeGreaterThanOrEqual(0);
      expect(title.rating).toBeLessThanOrEqual(5);
      expect(Math.round(title.rating * 10) / 10).toBe(title.rating);
      expect([0, 7, 13, 16, 18]).toContain(title.ageLimit);
      expect(title.durationMinutes).toBeGreaterThan(0);
      expect(title.genres.length).toBeGreaterThanOrEqual(1);
      expect(title.genres.length).toBeLessThanOrEqual(3);
      expect(title.cast.length).toBeGreaterThanOrEqual(2);
      expect(title.cast.length).toBeLessThanOrEqual(5);
      expect(new Set(title.cast.map((member) => member.role)).size).toBe(title.cast.length);
      expect(title.description.split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(3);
    }
    // The detail pages cut descriptions at 100 characters behind 'See more'.
    expect(catalogue.titles.filter((title) => title.description.length > 100).length).toBeGreaterThanOrEqual(10);
    expect(catalogue.titles.filter((title) => title.isFree).length).toBe(6);
    expect(series.find((title) => title.name === 'Stranger Tides')).toBeDefined();
    expect(movies.find((title) => title.name === 'Café Lumière')?.slug).toBe('cafe-lumiere');
  });

  it('gives each series 4–8 numbered episodes', () => {
    for (const title of series) {
      expect(title.episodes.length).toBeGreaterThanOrEqual(4);
      expect(title.episodes.length).toBeLessThanOrEqual(8);
      expect(title.episodes.map((episode) => episode.number)).toEqual(title.episodes.map((_, index) => index + 1));
    }
  });

  it('uses every person and genre', () => {
    const cast = new Set(catalogue.titles.flatMap((title) => title.cast.map((member) => member.person)));
    const genres = new Set(catalogue.titles.flatMap((title) => title.genres));
    expect(catalogue.people.length).toBe(30);
    expect(cast.size).toBe(catalogue.people.length);
    expect(genres.size).toBe(catalogue.genres.length);
  });

  it('draws each image once, with a distinct URL', () => {
    const urls = demoArtworkJobs(catalogue).map((job) => job.url);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
