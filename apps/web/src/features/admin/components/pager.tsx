import { Button } from '@/components/ui/button';

/** The count of a paged list and its previous/next buttons. */
export function Pager({ total, page, pageSize, noun, onPage }: { total: number; page: number; pageSize: number; noun: [string, string]; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm text-zinc-400">
      <p>
        {total} {total === 1 ? noun[0] : noun[1]} · page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
