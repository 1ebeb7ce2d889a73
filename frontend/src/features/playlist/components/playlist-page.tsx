import { ListMusic } from 'lucide-react';
import { Page } from '@/components/ui/page';
import { usePlaylistSelection } from '../hooks/use-playlist-selection';
import { DayPanel } from './day-panel';
import { HourPanel } from './hour-panel';
import { TrackList } from './track-list';

/** The play history: choose a day, then an hour (or the whole day), and see what was played. */
export function PlaylistPage() {
  const { day, hour, chooseDay, chooseHour } = usePlaylistSelection();
  return (
    <Page
      title="Playlist"
      icon={ListMusic}
      description="Hoorde je net een mooi nummer? Zoek terug wat er gedraaid is, per dag en per uur."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="grid gap-6">
          <DayPanel selected={day} onSelect={chooseDay} />
          <HourPanel day={day} selected={hour} onSelect={chooseHour} />
        </div>
        <TrackList day={day} hour={hour} className="lg:sticky lg:top-24" />
      </div>
    </Page>
  );
}
