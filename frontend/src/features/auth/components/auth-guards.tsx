import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ShieldAlert } from 'lucide-react';
import type { User } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { rememberedPageAfterLogin } from '@/lib/page-after-login';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuthUser } from '../api/get-auth-user';

function CheckingAuthentication() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-24 text-muted-foreground"
    >
      <Spinner className="size-5" />
      <span>Authenticatie controleren...</span>
    </div>
  );
}

function AccessDenied() {
  useDocumentTitle('Toegang geweigerd');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight">Toegang geweigerd</h1>
      <p className="text-muted-foreground">Je hebt admin rechten nodig voor deze pagina.</p>
      <Button asChild variant="outline">
        <Link to="/">Terug naar home</Link>
      </Button>
    </div>
  );
}

type RequireUserProps = {
  /** Refuse logged-in users who are not admins. */
  adminOnly?: boolean;
  children: (user: User) => ReactNode;
};

/**
 * Renders its page for a logged-in user (an admin if adminOnly); a visitor who is not logged in
 * goes to /auth, which brings them back here after logging in. A failed user call (a 503 during
 * an outage, no network) is no user too (spec section 7): /auth then says the service could not
 * tell whether they are logged in.
 */
export function RequireUser({ adminOnly = false, children }: RequireUserProps) {
  const { data: user, isPending } = useAuthUser();
  const location = useLocation();
  if (isPending) return <CheckingAuthentication />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth" replace state={{ from } satisfies AuthRedirectState} />;
  }
  if (adminOnly && user.role !== 'admin') return <AccessDenied />;
  return children(user);
}

/** What RequireUser hands to /auth: the page the visitor wanted. */
type AuthRedirectState = { from: string };

const isSitePath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');

/**
 * The page to open after logging in: the one the visitor wanted (only a path of this site), or
 * the one that sent them to /api/login (the requests page), else home.
 */
export function pageAfterLogin(state: unknown): string {
  const from = (state as Partial<AuthRedirectState> | null)?.from;
  if (isSitePath(from)) return from;
  const remembered = rememberedPageAfterLogin();
  return isSitePath(remembered) ? remembered : '/';
}

/** Renders its page for visitors who are not logged in; a logged-in user goes on to where they wanted. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useAuthUser();
  const location = useLocation();
  if (isPending) return <CheckingAuthentication />;
  if (user) return <Navigate to={pageAfterLogin(location.state)} replace />;
  return children;
}
