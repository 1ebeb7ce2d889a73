import { hashKey, useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { authUserQueryKey } from './get-auth-user';

/** The goodbye toast shows a moment before the page changes. */
const REDIRECT_DELAY_MS = 100;

export async function logout() {
  await apiRequest('POST', '/api/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast({ title: 'Tot ziens!', description: 'Je bent succesvol uitgelogd.' });
      setTimeout(async () => {
        // Forget the user only once the home page is on screen (flushSync: not in a transition);
        // a protected page still showing would send the visitor to /auth first.
        await navigate('/', { flushSync: true });
        queryClient.setQueryData(authUserQueryKey, null);
        // Anything else cached may belong to the user who just left: drop what is off screen,
        // reload what is on it.
        const userHash = hashKey(authUserQueryKey);
        const otherThanUser = (query: Query) => query.queryHash !== userHash;
        queryClient.removeQueries({ type: 'inactive', predicate: otherThanUser });
        await queryClient.invalidateQueries({ type: 'active', predicate: otherThanUser });
      }, REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Uitloggen mislukt',
        description: serverMessage(error) ?? 'Er is een fout opgetreden bij het uitloggen',
      });
    },
  });
}
