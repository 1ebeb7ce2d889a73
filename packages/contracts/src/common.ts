import { z } from 'zod';

/** Every error response of every service: a Dutch message for people, a code for programs. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okBodySchema = z.object({ ok: z.literal(true) });

export const idParamsSchema = z.object({
  id: z.coerce.number().int().positive({ message: 'Ongeldig id' }),
});

export const isoDateTime = z.iso.datetime({ offset: true });
