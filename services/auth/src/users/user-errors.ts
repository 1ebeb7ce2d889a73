import { accountDeactivated, HttpError } from '@radio/service-kit';

/** The Dutch answers of the auth service, in one place. */
export const userErrors = {
  wrongCredentials: () =>
    new HttpError(401, 'INVALID_CREDENTIALS', 'Onjuist e-mailadres of wachtwoord'),
  deactivated: accountDeactivated,
  registrationClosed: () =>
    new HttpError(403, 'REGISTRATION_DISABLED', 'Registratie is momenteel uitgeschakeld'),
  emailTaken: () =>
    new HttpError(409, 'EMAIL_TAKEN', 'Er bestaat al een account met dit e-mailadres'),
  wrongCurrentPassword: () =>
    new HttpError(403, 'WRONG_PASSWORD', 'Het huidige wachtwoord is onjuist'),
  nameAlreadySet: () =>
    new HttpError(409, 'NAME_ALREADY_SET', 'Je naam is al ingesteld en kan niet worden gewijzigd'),
  notFound: () => new HttpError(404, 'USER_NOT_FOUND', 'Gebruiker niet gevonden'),
  lastAdmin: () =>
    new HttpError(409, 'LAST_ADMIN', 'Er moet minimaal één actieve beheerder overblijven'),
  cannotDeactivateSelf: () =>
    new HttpError(409, 'CANNOT_DEACTIVATE_SELF', 'Je kunt je eigen account niet deactiveren'),
  tooManyAttempts: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return new HttpError(
      429,
      'TOO_MANY_LOGIN_ATTEMPTS',
      `Te veel mislukte inlogpogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
      { 'retry-after': String(retryAfterSeconds) },
    );
  },
};
