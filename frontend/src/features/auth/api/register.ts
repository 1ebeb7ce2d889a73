import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { userSchema, type RegisterBody } from '@radio/contracts';
import { apiJson, serverMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { authUserQueryKey } from './get-auth-user';

export function register(body: RegisterBody) {
  return apiJson(userSchema, 'POST', '/api/auth/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(authUserQueryKey, user);
      toast({
        title: 'Account aangemaakt!',
        description: `Welkom ${user.name}, je account is succesvol aangemaakt.`,
      });
      navigate('/');
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Registratie mislukt',
        description:
          serverMessage(error) ?? 'Er is een fout opgetreden bij het aanmaken van je account',
      });
    },
  });
}
