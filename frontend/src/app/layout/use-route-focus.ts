import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** A page that shows its heading later than this (a slow guard) does not take focus any more. */
const WAIT_FOR_HEADING_MS = 5_000;

/**
 * After a navigation (not the first page), focus moves to the new page's h1, so a keyboard or
 * screen-reader user starts on the new page and hears its name. A page whose heading appears
 * later (loading, a guard) gets focus when it does.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const isFirstPage = useRef(true);

  useEffect(() => {
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    const container = main.current;
    if (!container) return;
    const focusHeading = () => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [main, pathname]);
}
