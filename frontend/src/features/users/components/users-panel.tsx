import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { Pager } from '@/components/ui/pager';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-client';
import { useUsers } from '../api/get-users';
import { UserCard } from './user-card';

const PAGE_SIZE = 20;

/** The admin's users tab: search, 20 per page, role, active, per-user limits (spec section 2). */
export function UsersPanel() {
  const users = useUsers();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const found = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('nl-NL');
    return (users.data ?? []).filter(
      (user) =>
        needle === '' ||
        user.name.toLocaleLowerCase('nl-NL').includes(needle) ||
        user.email.toLocaleLowerCase('nl-NL').includes(needle),
    );
  }, [users.data, query]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const shown = found.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  if (users.isPending) return <Skeleton className="h-64 w-full" />;
  if (!users.data) {
    return (
      <p role="alert" className="text-destructive">
        De gebruikers konden niet worden geladen: {failureMessage(users.error)}
      </p>
    );
  }
  return (
    <section aria-label="Gebruikers" className="grid gap-4">
      <div className="relative max-w-md">
        <Search
          aria-hidden="true"
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Zoek op naam of e-mail"
          placeholder="Zoek op naam of e-mail"
          className="pl-9"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
        />
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {found.length} {found.length === 1 ? 'gebruiker' : 'gebruikers'}
      </p>
      {shown.map((user) => (
        <UserCard key={user.id} user={user} />
      ))}
      {pages > 1 && <Pager page={page + 1} pages={pages} onPage={(next) => setPage(next - 1)} />}
    </section>
  );
}
