import { z } from 'zod';

/** An ARL (Deezer's `arl` login cookie) is 192 hex characters. */
export const ARL_PATTERN = /^[0-9a-f]{192}$/i;

export const updateDeezerArlBodySchema = z.object({
  arl: z
    .string({ message: 'Voer een ARL token in' })
    .max(10_000, { message: 'Dit is geen ARL token: een ARL bestaat uit 192 tekens (0-9, a-f)' })
    .transform((value) => value.trim())
    .refine((value) => value !== '', { message: 'Voer een ARL token in' })
    .refine((value) => ARL_PATTERN.test(value), {
      message: 'Dit is geen ARL token: een ARL bestaat uit 192 tekens (0-9, a-f)',
    }),
});
export type UpdateDeezerArlBody = z.input<typeof updateDeezerArlBodySchema>;

/** What the admin sees of the account behind a valid ARL. */
export const deezerAccountSchema = z.object({
  name: z.string().nullable(),
  offer: z.string().nullable(),
  country: z.string().nullable(),
  canStreamHq: z.boolean(),
  canStreamLossless: z.boolean(),
});
export type DeezerAccountDetails = z.infer<typeof deezerAccountSchema>;

export const ARL_ERROR_CODES = ['ARL_INVALID', 'DEEZER_UNREACHABLE'] as const;

/**
 * The answer of POST /api/admin/update-deezer-arl (spec section 7). `tested`: Deezer gave an
 * answer; `valid`: it names an account (then the ARL is stored); `error`: a code when not valid.
 * Never carries the ARL.
 */
export const updateDeezerArlResponseSchema = z.object({
  tested: z.boolean(),
  valid: z.boolean(),
  message: z.string(),
  error: z.enum(ARL_ERROR_CODES).nullable(),
  details: deezerAccountSchema.nullable(),
});
export type UpdateDeezerArlResponse = z.infer<typeof updateDeezerArlResponseSchema>;
