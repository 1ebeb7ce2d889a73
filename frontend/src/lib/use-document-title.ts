import { useEffect } from 'react';
import { useStationInfo } from './station-info';

/** Sets the browser tab's title: "{page} · {station}", or the station's own title without a page. */
export function useDocumentTitle(page?: string) {
  const station = useStationInfo().data?.name;
  useEffect(() => {
    const suffix = station ? ` · ${station}` : '';
    document.title = page
      ? `${page}${suffix}`
      : `${station ? `${station} · ` : ''}Jouw lokale radio`;
  }, [page, station]);
}
