import { Button } from './button';

/** "Vorige", "Pagina X van Y", "Volgende" under a paged list; `page` counts from 1. */
function Pager({
  page,
  pages,
  onPage,
  label = "Pagina's",
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Vorige
      </Button>
      <span className="text-sm">
        Pagina {page} van {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Volgende
      </Button>
    </nav>
  );
}

export { Pager };
