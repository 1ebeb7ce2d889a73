import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Navigates and resolves once the new page is on screen. A navigation renders as a transition,
 * so it commits a moment after navigate(); whatever must happen on the new page (forgetting the
 * user after logout, which on a protected page would send the visitor to /auth) waits for this.
 */
export function useNavigateAndWait() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const waiting = useRef<{ pathname: string; resolve: () => void }[]>([]);

  useLayoutEffect(() => {
    shown.current = pathname;
    waiting.current = waiting.current.filter((entry) => {
      if (entry.pathname !== pathname) return true;
      entry.resolve();
      return false;
    });
  }, [pathname]);

  return useCallback(
    (to: string) =>
      new Promise<void>((resolve) => {
        if (shown.current === to) resolve();
        else waiting.current.push({ pathname: to, resolve });
        void navigate(to);
      }),
    [navigate],
  );
}
