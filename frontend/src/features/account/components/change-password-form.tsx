import { z } from 'zod';
import { changePasswordBodySchema } from '@radio/contracts';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useChangePassword } from '../api/change-password';
import { focusField } from '../lib/focus-field';
import { AccountFormCard } from './account-form-card';

const CURRENT_ID = 'change-password-current';

const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Wachtwoorden komen niet overeen',
    // Also when another field is wrong: every problem is shown at once.
    when: () => true,
  });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const changePassword = useChangePassword({
    mutationConfig: {
      onSuccess: () => {
        reset();
        toast({
          title: 'Wachtwoord gewijzigd',
          description: 'Op je andere apparaten ben je uitgelogd.',
        });
      },
      onError: (error) => {
        const message =
          serverMessage(error) ?? 'Er ging iets mis bij het wijzigen van je wachtwoord';
        if (error instanceof ApiError && error.status === 403) {
          showError('currentPassword', message);
          focusField(CURRENT_ID);
        }
        toast({ variant: 'destructive', title: 'Wachtwoord niet gewijzigd', description: message });
      },
    },
  });
  const { errors, field, handleSubmit, reset, showError } = useValidatedForm(
    changePasswordFormSchema,
    EMPTY,
    ({ currentPassword, newPassword }) => changePassword.mutate({ currentPassword, newPassword }),
  );

  return (
    <AccountFormCard
      title="Wachtwoord wijzigen"
      description="Minimaal 6 karakters. Daarna ben je op je andere apparaten uitgelogd."
      isPending={changePassword.isPending}
      onSubmit={handleSubmit}
    >
      <FormField id={CURRENT_ID} label="Huidig wachtwoord" error={errors.currentPassword}>
        {(control) => (
          <PasswordInput
            {...control}
            {...field('currentPassword')}
            autoComplete="current-password"
          />
        )}
      </FormField>
      <FormField id="change-password-new" label="Nieuw wachtwoord" error={errors.newPassword}>
        {(control) => (
          <PasswordInput {...control} {...field('newPassword')} autoComplete="new-password" />
        )}
      </FormField>
      <FormField
        id="change-password-confirm"
        label="Bevestig nieuw wachtwoord"
        error={errors.confirmPassword}
      >
        {(control) => (
          <PasswordInput {...control} {...field('confirmPassword')} autoComplete="new-password" />
        )}
      </FormField>
    </AccountFormCard>
  );
}
