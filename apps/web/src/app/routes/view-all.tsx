import { Link, useLocation, useParams } from 'react-router';
import { PageMessage } from '@/components/layout/page-message';
import { buttonClass } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { RowState } from '@/features/catalog/components/content-row';
import { useRowByName } from '@/features/catalog/hooks/use-row-by-name';
import { ViewAllGrid } from '@/features/catalog/components/view-all-grid';
import { isRecord } from '@/lib/navigation-state';

/** A whole row: from navigation state, or looked up by name when the page is opened directly. */
export function Component() {
  const { id = '' } = useParams();
  const fromState = readRowState(useLocation().state);
  const lookup = useRowByName(id, fromState === null);
  const row = fromState ?? lookup.row;

  if (row) return <ViewAllGrid row={row} origin={row.origin} />;
  if (lookup.isPending) return <PageSpinner />;
  return (
    <PageMessage title="We couldn't find this list">
      <p>“{id}” isn't in the current category any more.</p>
      <Link to={paths.home.href()} className={buttonClass({ className: 'mt-6' })}>
        Back to home
      </Link>
    </PageMessage>
  );
}

function readRowState(state: unknown): RowState | null {
  if (!isRecord(state)) return null;
  const { name, imageType, content, origin } = state;
  if (typeof name !== 'string' || typeof imageType !== 'string' || !Array.isArray(content)) return null;
  return { name, imageType, content: content as RowState['content'], origin: origin === 'third-party' ? 'third-party' : undefined };
}
