/**
 * The one normalisation applied both to what is indexed and to what is searched: lowercase,
 * accents removed, punctuation folded to spaces. Done in the application rather than with
 * PostgreSQL's `unaccent`, whose dictionary function is not immutable and so cannot feed an index.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The two indexed columns of a title, from its name and the names of its cast and genres. */
export function searchColumns(input: { name: string; cast: string[]; genres: string[] }): {
  searchName: string;
  searchText: string;
} {
  const searchName = normalizeForSearch(input.name);
  const searchText = [searchName, ...input.cast.map(normalizeForSearch), ...input.genres.map(normalizeForSearch)]
    .filter(Boolean)
    .join(' ');
  return { searchName, searchText };
}
