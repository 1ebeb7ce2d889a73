import { useSearchParams } from 'react-router-dom';
import type { HourChoice } from '../api/get-archive-tracks';

/** The choice of a whole day. */
export const WHOLE_DAY = 'all';

const DAY_PARAM = 'dag';
const HOUR_PARAM = 'uur';

function validDay(value: string | null): string | null {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

function validHour(value: string | null): HourChoice | null {
  if (value === WHOLE_DAY) return WHOLE_DAY;
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const hour = Number(value);
  return hour <= 23 ? String(hour) : null;
}

/**
 * The listener's choice of day and hour (spec section 4): nothing is chosen at first; choosing
 * a day resets the hour; an hour belongs to a chosen day. It is kept in the address
 * (?dag=2025-11-21&uur=14), so a reload or a shared link shows the same list.
 */
export function useArchiveSelection() {
  const [params, setParams] = useSearchParams();
  const day = validDay(params.get(DAY_PARAM));
  const hour = day === null ? null : validHour(params.get(HOUR_PARAM));

  function chooseDay(value: string) {
    setParams({ [DAY_PARAM]: value }, { replace: true });
  }

  function chooseHour(value: HourChoice) {
    if (day === null) return;
    setParams({ [DAY_PARAM]: day, [HOUR_PARAM]: value }, { replace: true });
  }

  return { day, hour, chooseDay, chooseHour };
}
