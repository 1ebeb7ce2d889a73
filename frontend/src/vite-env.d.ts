/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shown in the header, footer and page titles. */
  readonly VITE_STATION_NAME: string;
  /** Messaging-app link to the studio (header and footer). */
  readonly VITE_STUDIO_CONTACT_URL: string;
}
