import type { PersonalRow } from '@marquee/contract';
import { ContentRow } from './content-row';

/**
 * The rows the server made for the profile watching, after Continue Watching: 'Because you
 * watched X' in 16:9 cards, and the top 10 as numbered posters.
 */
export function PersonalRows({ rows }: { rows: PersonalRow[] | undefined }) {
  return (rows ?? []).map((row) => (
    <ContentRow
      key={row.kind}
      row={{ name: row.name, imageType: row.kind === 'top-10' ? 'Vertical' : 'Horizontal', content: row.content }}
      ranked={row.kind === 'top-10'}
    />
  ));
}
