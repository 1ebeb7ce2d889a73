import { useRef } from 'react';
import { ListMusic } from 'lucide-react';
import { Page } from '@/components/ui/page';
import type { HourChoice } from '../api/get-archive-tracks';
import { useArchiveSelection } from '../hooks/use-archive-selection';
import { DayPanel } from './day-panel';
import { HourPanel } from './hour-panel';
import { TrackList } from './track-list';

/**
 * On a narrow screen the tracks are below the day and hour grids, out of sight: once an hour is
 * chosen they are scrolled into view and focused (a screen reader goes on there too). Beside the
 * grids (wide screens) they are already in view and nothing moves.
 */
function bringIntoView(element: HTMLElement | null) {
  if (!element) return;
  const { top, height } = element.getBoundingClientRect();
  if (height === 0) return; // not laid out
  const headerHeight = 80; // the sticky header, as html's scroll-padding-top
  // Its start is in view, in the upper half: nothing to do.
  if (top >= headerHeight && top < window.innerHeight / 2) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  element.focus({ preventScroll: true });
}

/** The play history: choose a day, then an hour (or the whole day), and see what was played. */
export function ArchivePage() {
  const { day, hour, chooseDay, chooseHour } = useArchiveSelection();
  const tracksRef = useRef<HTMLDivElement>(null);

  function chooseHourAndShow(value: HourChoice) {
    chooseHour(value);
    bringIntoView(tracksRef.current);
  }

  return (
    <Page
      title="Playlist"
      icon={ListMusic}
      description="Hoorde je net een mooi nummer? Zoek terug wat er gedraaid is, per dag en per uur."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="grid gap-6">
          <DayPanel selected={day} onSelect={chooseDay} />
          <HourPanel day={day} selected={hour} onSelect={chooseHourAndShow} />
        </div>
        <div
          ref={tracksRef}
          tabIndex={-1}
          className="rounded-xl focus:outline-none lg:sticky lg:top-24"
        >
          <TrackList day={day} hour={hour} />
        </div>
      </div>
    </Page>
  );
}
