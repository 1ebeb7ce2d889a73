import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether `content` (laid out at its natural width) fits in `container`, kept up to date as
 * either resizes. Without layout (no ResizeObserver, as in tests) it counts as fitting.
 */
export function useFits(
  content: RefObject<HTMLElement | null>,
  container: RefObject<HTMLElement | null>,
): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const inner = content.current;
    const outer = container.current;
    if (!inner || !outer || typeof ResizeObserver === 'undefined') return;
    const measure = () => setFits(inner.scrollWidth <= outer.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    observer.observe(outer);
    measure();
    return () => observer.disconnect();
  }, [content, container]);
  return fits;
}
