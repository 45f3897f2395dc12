/** What the player area shows for a title (behaviour.md §1): full video, else the trailer, else artwork. */
export type PlaybackSource =
  | { kind: 'full'; src: string }
  | { kind: 'trailer'; src: string }
  | { kind: 'image'; src: string };

/**
 * The server decides access: `url` is present only for an entitled viewer. A trailer stored as the
 * text 'undefined' (or blank) counts as no trailer.
 */
export function choosePlaybackSource(input: { url: string | null | undefined; trailer: string | null | undefined; image: string }): PlaybackSource {
  if (input.url) return { kind: 'full', src: input.url };
  const trailer = usableTrailer(input.trailer);
  if (trailer) return { kind: 'trailer', src: trailer };
  return { kind: 'image', src: input.image };
}

export function usableTrailer(trailer: string | null | undefined): string | null {
  if (!trailer || trailer.trim() === '' || trailer === 'undefined') return null;
  return trailer;
}
