import { Download } from 'lucide-react';
import type { StationInfo } from '@radio/contracts';
import { cn } from '@/lib/utils';

const PLAYER_FILE_LINK =
  'inline-flex items-center gap-1.5 rounded-md border border-white/25 px-2.5 py-1 font-semibold';

/**
 * The player files; while the station's addresses load, the same row with the links greyed out
 * (as wide and as high as they will be, so nothing moves when they arrive).
 */
export function PlayerFileLinks({ info }: { info: StationInfo | undefined }) {
  const links = [
    { href: info?.playlistM3uUrl, label: 'M3U' },
    { href: info?.playlistPlsUrl, label: 'PLS' },
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-white/10 pt-4 text-sm text-ink-foreground/75">
      <span>Luister in je eigen mediaspeler:</span>
      <span className="flex gap-2">
        {links.map(({ href, label }) =>
          href === undefined ? (
            <span
              key={label}
              aria-hidden="true"
              className={cn(PLAYER_FILE_LINK, 'animate-pulse text-transparent')}
            >
              <Download className="size-3.5" />
              {label}
            </span>
          ) : (
            <a
              key={label}
              href={href}
              download
              className={cn(
                PLAYER_FILE_LINK,
                'text-ink-foreground transition-colors hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-orange-300 focus-visible:outline-none',
              )}
            >
              <Download aria-hidden="true" className="size-3.5" />
              {/* The name starts with the visible text (WCAG 2.5.3, label in name). */}
              {label}
              <span className="sr-only"> afspeellijstbestand downloaden</span>
            </a>
          ),
        )}
      </span>
    </div>
  );
}
