import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { userSchema, type LoginBody } from '@radio/contracts';
import { apiJson, serverMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { authUserQueryKey } from './get-auth-user';

export function login(body: LoginBody) {
  return apiJson(userSchema, 'POST', '/api/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(authUserQueryKey, user);
      toast({
        title: 'Welkom terug!',
        description: `Hallo ${user.name}, je bent succesvol ingelogd.`,
      });
      navigate('/');
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Inloggen mislukt',
        description: serverMessage(error) ?? 'Er is een fout opgetreden bij het inloggen',
      });
    },
  });
}
