import { Button } from '../../../components/ui/button';

/** A page of a numbered list as the server answered it. */
export interface ListPage {
  page: number;
  pageSize: number;
  total: number;
  items: readonly unknown[];
}

/** "21–40 of 75" with previous and next; `page` is the page asked for (the answer may still be the previous one). */
export function Pager({
  page,
  data,
  label,
  summary,
  previous,
  next,
  onPage,
}: {
  page: number;
  data: ListPage;
  label: string;
  summary: (range: { from: number; to: number; total: number }) => string;
  previous: string;
  next: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize;
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={label}>
      <span className="text-muted-foreground" aria-live="polite">
        {summary({ from: first + 1, to: first + data.items.length, total: data.total })}
      </span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {previous}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {next}
        </Button>
      </span>
    </nav>
  );
}
