import { loginBodySchema } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { greeting } from '../lib/greeting';
import { pageAfterLogin } from './auth-guards';
import { useLogin } from '../api/login';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin({
    mutationConfig: {
      onSuccess: (user) => {
        toast({
          title: 'Welkom terug!',
          description: greeting('Hallo {name}, je bent succesvol ingelogd.', user.name),
        });
        void navigate(pageAfterLogin(location.state), { replace: true });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Inloggen mislukt',
          description: serverMessage(error) ?? 'Er is een fout opgetreden bij het inloggen',
        });
      },
    },
  });
  const { errors, field, handleSubmit } = useValidatedForm(
    loginBodySchema,
    { email: '', password: '' },
    (body) => login.mutate(body),
  );

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      <FormField id="login-email" label="E-mailadres" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            {...field('email')}
            type="email"
            autoComplete="email"
            placeholder="jij@voorbeeld.nl"
          />
        )}
      </FormField>
      <FormField id="login-password" label="Wachtwoord" error={errors.password}>
        {(control) => (
          <PasswordInput {...control} {...field('password')} autoComplete="current-password" />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
        {login.isPending ? (
          <>
            <Spinner />
            Bezig met inloggen...
          </>
        ) : (
          'Inloggen'
        )}
      </Button>
    </form>
  );
}
