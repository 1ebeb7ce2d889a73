/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shown in the header, footer and page titles. */
  readonly VITE_STATION_NAME: string;
  /** Messaging-app link to the studio (header and footer). */
  readonly VITE_STUDIO_CONTACT_URL: string;
  /** IANA time zone of the station (the archive's days and hours); times are shown in it. */
  readonly VITE_STATION_TIME_ZONE: string;
}
