import { changeEmailBodySchema, type User } from '@radio/contracts';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useChangeEmail } from '../api/change-email';
import { focusField } from '../lib/focus-field';
import { AccountFormCard } from './account-form-card';

const EMAIL_ID = 'change-email-email';
const PASSWORD_ID = 'change-email-password';

export function ChangeEmailForm({ onEmailChanged }: { onEmailChanged: (user: User) => void }) {
  const changeEmail = useChangeEmail({
    mutationConfig: {
      onSuccess: (user) => {
        reset();
        onEmailChanged(user);
        toast({
          title: 'Email gewijzigd',
          description: `Je logt voortaan in met ${user.email}. Op je andere apparaten ben je uitgelogd.`,
        });
      },
      onError: (error) => {
        const message =
          serverMessage(error) ?? 'Er ging iets mis bij het wijzigen van je e-mailadres';
        // A refusal about one field is shown under it too, and the field gets the focus.
        if (error instanceof ApiError && error.status === 403) {
          showError('password', message);
          focusField(PASSWORD_ID);
        } else if (error instanceof ApiError && error.status === 409) {
          showError('email', message);
          focusField(EMAIL_ID);
        }
        toast({
          variant: 'destructive',
          title: 'E-mailadres niet gewijzigd',
          description: message,
        });
      },
    },
  });
  const { errors, field, handleSubmit, reset, showError } = useValidatedForm(
    changeEmailBodySchema,
    { email: '', password: '' },
    (body) => changeEmail.mutate(body),
  );

  return (
    <AccountFormCard
      title="E-mailadres wijzigen"
      description="Bevestig met je huidige wachtwoord. Daarna ben je op je andere apparaten uitgelogd."
      isPending={changeEmail.isPending}
      onSubmit={handleSubmit}
    >
      <FormField id={EMAIL_ID} label="Nieuw e-mailadres" error={errors.email}>
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
      <FormField id={PASSWORD_ID} label="Huidig wachtwoord" error={errors.password}>
        {(control) => (
          <PasswordInput {...control} {...field('password')} autoComplete="current-password" />
        )}
      </FormField>
    </AccountFormCard>
  );
}
