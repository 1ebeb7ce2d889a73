/**
 * A decided card leaves its tab: the keyboard goes on at the next card (or the one before, or
 * the tab's panel) instead of falling back to the top of the page.
 */
export function focusNeighbour(card: HTMLElement | null) {
  const item = card?.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const target =
    neighbour?.querySelector<HTMLElement>('[role="article"]') ??
    card?.closest<HTMLElement>('[role="tabpanel"]');
  target?.focus();
}
