import { Button } from '@/components/ui/button';
import { useAuthUser } from '../api/get-auth-user';

/**
 * The user call failed otherwise than with a 401 (an outage, no network): no user, as the spec
 * says, but not the same as logged out, so /auth says why the visitor is here.
 */
export function AuthenticationUnavailable() {
  const { data: user, isError, isFetching, refetch } = useAuthUser();
  if (user !== undefined || !isError) return null;
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-3 text-sm">
      <p>
        De dienst is tijdelijk niet beschikbaar, dus we kunnen nu niet controleren of je bent
        ingelogd. Probeer het zo opnieuw.
      </p>
      <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
        Opnieuw proberen
      </Button>
    </div>
  );
}
