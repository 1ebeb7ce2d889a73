/** Moves the focus to a field after React has shown its error. */
export function focusField(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
