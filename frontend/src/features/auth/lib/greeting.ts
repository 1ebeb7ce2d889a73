/**
 * A spec text with `{name}` filled in ("Hallo {name}, je bent…" → "Hallo Anna, je bent…"); a user
 * without a name (the first admin may have none) gets the sentence after the greeting instead of
 * "Hallo , je bent…".
 */
export function greeting(template: string, name: string): string {
  const trimmed = name.trim();
  if (trimmed) return template.replace('{name}', trimmed);
  const rest = template.slice(template.indexOf('{name}') + '{name}'.length).replace(/^,\s*/, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
