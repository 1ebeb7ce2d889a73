import { z } from 'zod';
import { isoDateTime } from './common.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 80;

export const roleSchema = z.enum(['listener', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = { listener: 'Luisteraar', admin: 'Beheerder' };

/** RFC 5321's limit on a forward path; longer input is refused before anything stores it. */
export const EMAIL_MAX_LENGTH = 254;

const emailOf = (message: string) =>
  z
    .string({ message })
    .max(EMAIL_MAX_LENGTH * 2, { message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message }).max(EMAIL_MAX_LENGTH, { message }));

const email = emailOf('Ongeldig e-mailadres');

/** Control characters (NUL included) and bidi overrides/isolates: refused anywhere in a name. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Zero-width characters are fine inside a name (emoji sequences) but do not count as visible. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/gu;

const nameOf = (minLength: number, tooShort: string) =>
  z
    .string({ message: tooShort })
    .max(NAME_MAX_LENGTH * 4, { message: 'Naam mag maximaal 80 karakters zijn' })
    .refine((value) => !CONTROL_OR_BIDI.test(value), { message: 'Naam bevat ongeldige tekens' })
    .trim()
    .refine((value) => value.replace(ZERO_WIDTH, '').trim().length >= minLength, {
      message: tooShort,
    })
    .max(NAME_MAX_LENGTH, { message: 'Naam mag maximaal 80 karakters zijn' });

/** A user as every response shows it: never the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  customRequestsPerHour: z.number().int().nullable(),
  customRequestsPerDay: z.number().int().nullable(),
  customCooldownMinutes: z.number().int().nullable(),
  canBypassLimits: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/admin/users */
export const userListSchema = z.array(userSchema);

export const loginBodySchema = z.object({
  email,
  password: z
    .string({ message: 'Wachtwoord is verplicht' })
    .min(1, { message: 'Wachtwoord is verplicht' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  email,
  password: z
    .string({ message: 'Wachtwoord moet minimaal 6 karakters zijn' })
    .min(PASSWORD_MIN_LENGTH, { message: 'Wachtwoord moet minimaal 6 karakters zijn' }),
  name: nameOf(NAME_MIN_LENGTH, 'Naam moet minimaal 2 karakters zijn'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const setDisplayNameBodySchema = z.object({
  displayName: nameOf(1, 'Voer een geldige naam in'),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Huidig wachtwoord is verplicht' })
    .min(1, { message: 'Huidig wachtwoord is verplicht' }),
  newPassword: z
    .string({ message: 'Wachtwoord te kort' })
    .min(PASSWORD_MIN_LENGTH, { message: 'Wachtwoord te kort' }),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeEmailBodySchema = z.object({
  // The spec's own wording for this form.
  email: emailOf('Ongeldig email adres'),
  password: z
    .string({ message: 'Wachtwoord is verplicht' })
    .min(1, { message: 'Wachtwoord is verplicht' }),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const setRoleBodySchema = z.object({
  role: z.enum(roleSchema.options, { message: 'Ongeldige rol' }),
});

/** Requests per hour of a user without a limit of their own (spec: 3; per day: unlimited). */
export const DEFAULT_REQUESTS_PER_HOUR = 3;

const optionalLimit = z
  .number({ message: 'Limiet moet een heel getal van 0 of meer zijn' })
  .int({ message: 'Limiet moet een heel getal van 0 of meer zijn' })
  .min(0, { message: 'Limiet moet een heel getal van 0 of meer zijn' })
  .max(100_000, { message: 'Limiet is te hoog' })
  .nullable();

export const setLimitsBodySchema = z.object({
  customRequestsPerHour: optionalLimit,
  customRequestsPerDay: optionalLimit,
  customCooldownMinutes: optionalLimit,
  canBypassLimits: z.boolean(),
});
export type SetLimitsBody = z.infer<typeof setLimitsBodySchema>;
