import { loginBodySchema } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useLogin } from '../api/login';

export function LoginForm() {
  const login = useLogin();
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
