/** A search term as caches key it: one Unicode form, Dutch lower case, single spaces. */
export const normalizedSearchTerm = (value: string | undefined): string =>
  (value ?? '').normalize('NFKC').toLocaleLowerCase('nl').replace(/\s+/g, ' ').trim();
