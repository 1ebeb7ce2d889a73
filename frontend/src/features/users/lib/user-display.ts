import type { User } from '@radio/contracts';

export const displayName = (user: User): string => user.name.trim() || user.email;

/** "" is "no limit of their own" (null); anything else must be a whole number of 0 or more. */
export function limitValue(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : 'invalid';
}
