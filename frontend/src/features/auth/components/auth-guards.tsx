import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ShieldAlert } from 'lucide-react';
import type { User } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
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

/** Renders its page for a logged-in user (an admin if adminOnly); anyone else goes to /auth. */
export function RequireUser({ adminOnly = false, children }: RequireUserProps) {
  const { data: user, isPending } = useAuthUser();
  if (isPending) return <CheckingAuthentication />;
  if (!user) return <Navigate to="/auth" replace />;
  if (adminOnly && user.role !== 'admin') return <AccessDenied />;
  return children(user);
}

/** Renders its page for visitors who are not logged in; a logged-in user goes home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useAuthUser();
  if (isPending) return <CheckingAuthentication />;
  if (user) return <Navigate to="/" replace />;
  return children;
}
