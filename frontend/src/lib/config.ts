/** Build-time settings; their defaults live in vite.config.ts. */
export const STATION_NAME = import.meta.env.VITE_STATION_NAME;
export const STUDIO_CONTACT_URL = import.meta.env.VITE_STUDIO_CONTACT_URL;
export const STATION_TIME_ZONE = import.meta.env.VITE_STATION_TIME_ZONE;
