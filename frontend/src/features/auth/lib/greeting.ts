/**
 * "Hallo Anna, je bent…"; a user without a name (the first admin may have none) gets the
 * sentence without the greeting instead of "Hallo , je bent…".
 */
export function greeting(name: string, rest: string, hello = 'Hallo'): string {
  const trimmed = name.trim();
  const sentence = trimmed ? `${hello} ${trimmed}, ${rest}` : rest;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
