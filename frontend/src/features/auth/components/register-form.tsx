import { registerBodySchema } from '@radio/contracts';
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
import { useRegister } from '../api/register';

export function RegisterForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegister({
    mutationConfig: {
      onSuccess: (user) => {
        toast({
          title: 'Account aangemaakt!',
          description: greeting('Welkom {name}, je account is succesvol aangemaakt.', user.name),
        });
        void navigate(pageAfterLogin(location.state), { replace: true });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Registratie mislukt',
          description:
            serverMessage(error) ?? 'Er is een fout opgetreden bij het aanmaken van je account',
        });
      },
    },
  });
  const { errors, field, handleSubmit } = useValidatedForm(
    registerBodySchema,
    { name: '', email: '', password: '' },
    (body) => register.mutate(body),
  );

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      <FormField id="register-name" label="Volledige naam" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            {...field('name')}
            autoComplete="name"
            placeholder="Voor- en achternaam"
          />
        )}
      </FormField>
      <FormField id="register-email" label="E-mailadres" error={errors.email}>
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
      <FormField id="register-password" label="Wachtwoord" error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            {...field('password')}
            autoComplete="new-password"
            placeholder="Minimaal 6 karakters"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={register.isPending} className="w-full">
        {register.isPending ? (
          <>
            <Spinner />
            Account aanmaken...
          </>
        ) : (
          'Account aanmaken'
        )}
      </Button>
    </form>
  );
}
