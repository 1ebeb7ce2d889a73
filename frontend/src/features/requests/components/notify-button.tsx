import { useState } from 'react';
import { BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';

function permissionNow(): NotificationPermission | null {
  return typeof Notification === 'undefined' ? null : Notification.permission;
}

/**
 * Asks the browser for notifications (a click: browsers ask only after a gesture), so "Je
 * verzoekje wordt nu gedraaid!" reaches the listener in another tab too. Shown only while the
 * browser has them and has not been asked.
 */
export function NotifyButton() {
  const [permission, setPermission] = useState(permissionNow);
  if (permission !== 'default') return null;
  const ask = async () => {
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(permissionNow());
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="h-auto justify-self-start py-2 text-left whitespace-normal"
      onClick={ask}
    >
      <BellRing aria-hidden="true" />
      Meld het als mijn verzoekje wordt gedraaid
    </Button>
  );
}
