import type { AvailableDate, AvailableHour, PlaylistResponse } from '@radio/contracts';
import type { PlayHistoryRepository } from './play-history-repository.ts';
import { dayLabel, hourLabel, stationDateOf } from './station-calendar.ts';

/** How many station days, today included, the day list offers. */
const ARCHIVE_DAYS = 30;

const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The play history by the station's days and hours. */
export class PlaylistArchive {
  readonly #plays: PlayHistoryRepository;
  readonly #timeZone: string;

  constructor(plays: PlayHistoryRepository, timeZone: string) {
    this.#plays = plays;
    this.#timeZone = timeZone;
  }

  /** The last ARCHIVE_DAYS station days that have plays, today first. */
  async availableDates(now: Date): Promise<AvailableDate[]> {
    const today = stationDateOf(now, this.#timeZone);
    const days = await this.#plays.playsPerDay(today, ARCHIVE_DAYS);
    return days.map(({ day, plays }) => ({
      value: day,
      label: dayLabel(day),
      isToday: day === today,
      trackCount: plays,
    }));
  }

  /** Every hour on the day's clock with its plays; none for a day without plays. */
  async availableHours(date: string): Promise<AvailableHour[]> {
    const hours = await this.#plays.playsPerHour(date);
    if (hours.every(({ plays }) => plays === 0)) return [];
    return hours.map(({ hour, plays }) => ({
      value: String(hour),
      label: hourLabel(hour),
      trackCount: plays,
    }));
  }

  async playlist(date: string, hour: number | 'all'): Promise<PlaylistResponse> {
    const plays = await this.#plays.plays(date, hour === 'all' ? null : hour);
    return {
      total: plays.length,
      items: plays.map((play) => ({
        sh_id: play.id,
        played_at: unixSeconds(play.playedAt),
        duration: play.duration,
        song: { title: play.title, artist: play.artist, album: play.album },
      })),
    };
  }
}
