import { useEffect } from 'react';
import { STATION_NAME } from './config';

/** Sets the browser tab's title: "{page} · {station}", or the station's own title without a page. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} · ${STATION_NAME}` : `${STATION_NAME} · Jouw lokale radio`;
  }, [page]);
}
