/**
 * iPhone, iPad or iPod: their browsers ignore the volume of audio elements (the hardware
 * buttons set it), so the player hides its volume slider there. iPadOS reports itself as a Mac,
 * recognisable by its touch screen.
 */
export function isIOSDevice(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator) {
  if (/iPad|iPhone|iPod/.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}
