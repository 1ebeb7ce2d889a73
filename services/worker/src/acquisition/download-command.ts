import { z } from 'zod';

export const PLACEHOLDERS = ['{url}', '{outdir}', '{bitrate}', '{configdir}'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** DEEZER_DOWNLOAD_COMMAND: a JSON array of arguments that names where the track goes. */
export const downloadCommandSchema = z
  .string()
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'is not a JSON array of arguments' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.string().min(1), { message: 'is not a JSON array of arguments' })
      .min(1)
      .refine((argv) => argv.some((arg) => arg.includes('{url}')), 'needs a {url} argument')
      .refine((argv) => argv.some((arg) => arg.includes('{outdir}')), 'needs an {outdir} argument'),
  );

/** The arguments with every placeholder filled in (no shell ever sees them). */
export function fillPlaceholders(
  argv: readonly string[],
  values: Record<Placeholder, string>,
): string[] {
  return argv.map((arg) =>
    PLACEHOLDERS.reduce(
      (filled, placeholder) => filled.replaceAll(placeholder, values[placeholder]),
      arg,
    ),
  );
}
