import { screen, within } from '@testing-library/react';

/**
 * The open toast titled `title`, in the app's notifications (the Toaster's "Meldingen" region):
 * assert on it what it says, e.g. `expect(await findToast('Opgeslagen')).toHaveTextContent(…)`.
 */
export async function findToast(title: string): Promise<HTMLElement> {
  const notifications = await screen.findByRole('region', { name: /^Meldingen/ });
  const toastTitle = await within(notifications).findByText(title);
  const toast = toastTitle.closest('li');
  if (!toast) throw new Error(`"${title}" is not the title of a toast`);
  return toast;
}
