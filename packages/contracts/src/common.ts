import { z } from 'zod';

/** Every error response of every service: a Dutch message for people, a code for programs. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okBodySchema = z.object({ ok: z.literal(true) });

export const idParamsSchema = z.object({
  // Ids are Postgres int4: a larger one cannot exist (and would make the query fail).
  id: z.coerce
    .number({ message: 'Ongeldig id' })
    .int({ message: 'Ongeldig id' })
    .positive({ message: 'Ongeldig id' })
    .max(2_147_483_647, { message: 'Ongeldig id' }),
});

export const isoDateTime = z.iso.datetime({ offset: true });
