/** '2h 14m', '45m', '2h'. Durations arrive in whole minutes. */
export function formatDuration(minutes: number): string {
  if (minutes <= 0) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** '16+', or 'All ages' when there is no minimum age. */
export function formatAgeLimit(ageLimit: number): string {
  return ageLimit > 0 ? `${ageLimit}+` : 'All ages';
}

export function genreNames(genres: ReadonlyArray<{ name: string }>): string {
  return genres.map((genre) => genre.name).join(', ');
}
