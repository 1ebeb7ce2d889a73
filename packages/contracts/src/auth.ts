import { z } from 'zod';
import { isoDateTime } from './common.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 80;

export const roleSchema = z.enum(['listener', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = { listener: 'Luisteraar', admin: 'Beheerder' };

const email = z
  .string({ message: 'Ongeldig e-mailadres' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Ongeldig e-mailadres' }));

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
  name: z
    .string({ message: 'Naam moet minimaal 2 karakters zijn' })
    .trim()
    .min(NAME_MIN_LENGTH, { message: 'Naam moet minimaal 2 karakters zijn' })
    .max(NAME_MAX_LENGTH, { message: 'Naam mag maximaal 80 karakters zijn' }),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const setDisplayNameBodySchema = z.object({
  displayName: z
    .string({ message: 'Voer een geldige naam in' })
    .trim()
    .min(1, { message: 'Voer een geldige naam in' })
    .max(NAME_MAX_LENGTH, { message: 'Naam mag maximaal 80 karakters zijn' }),
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
  email: z
    .string({ message: 'Ongeldig email adres' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Ongeldig email adres' })),
  password: z
    .string({ message: 'Wachtwoord is verplicht' })
    .min(1, { message: 'Wachtwoord is verplicht' }),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const setRoleBodySchema = z.object({
  role: z.enum(roleSchema.options, { message: 'Ongeldige rol' }),
});

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
