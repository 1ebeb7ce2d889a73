import { useEffect, useRef } from 'react';

/** Spec section 9: the double-tap window (player toggle, stopping a voice recording). */
const DOUBLE_TAP_WINDOW_MS = 500;

/**
 * Calls `onDoubleTap` when two fingers touch the page twice within 500 ms, anywhere on it.
 * (With VoiceOver on, the screen reader takes this gesture as its magic tap instead, which
 * reaches the player through the Media Session handlers.)
 */
export function useTwoFingerDoubleTap(onDoubleTap: () => void, enabled: boolean) {
  const handler = useRef(onDoubleTap);
  useEffect(() => {
    handler.current = onDoubleTap;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let lastTouch = Number.NEGATIVE_INFINITY;
    const onTouchStart = (event: TouchEvent) => {
      // Fires once per finger: the second finger of a two-finger touch sees two touches.
      if (event.touches.length !== 2) return;
      const now = performance.now();
      if (now - lastTouch <= DOUBLE_TAP_WINDOW_MS) {
        lastTouch = Number.NEGATIVE_INFINITY;
        handler.current();
      } else {
        lastTouch = now;
      }
    };
    document.addEventListener('touchstart', onTouchStart, { passive: true });
    return () => document.removeEventListener('touchstart', onTouchStart);
  }, [enabled]);
}
