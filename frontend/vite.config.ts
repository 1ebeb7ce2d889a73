import { resolve } from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The repository root: its .env holds the VITE_* settings with the rest of the platform's. */
const envDir = resolve(import.meta.dirname, '..');

/** Build-time settings, each with the default used when its VITE_* variable is not set. */
const ENV_DEFAULTS = {
  VITE_STATION_NAME: 'Radio Lokaal',
  VITE_STUDIO_CONTACT_URL: 'https://wa.me/31612345678',
  /** The station's time zone: the archive's days and hours, and every time shown, follow it. */
  VITE_STATION_TIME_ZONE: 'Europe/Amsterdam',
};

/** Without its own VITE_* value, a setting follows the platform's variable of the services. */
const PLATFORM_VARIABLES = {
  VITE_STATION_NAME: 'STATION_NAME',
  VITE_STUDIO_CONTACT_URL: 'STUDIO_CONTACT_URL',
  VITE_STATION_TIME_ZONE: 'STATION_TZ',
} as const;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, envDir, ['VITE_', ...Object.values(PLATFORM_VARIABLES)]);
  for (const [key, platformKey] of Object.entries(PLATFORM_VARIABLES)) {
    env[key] ||= env[platformKey] ?? '';
  }
  const proxyTarget = env.VITE_PROXY_TARGET || 'http://localhost:8080';

  return {
    envDir,
    plugins: [react(), tailwindcss()],
    resolve: { tsconfigPaths: true },
    // Defined here rather than defaulted in the app, so index.html (%VITE_STATION_NAME%) and
    // the code read the same value.
    define: Object.fromEntries(
      Object.entries(ENV_DEFAULTS).map(([key, fallback]) => [
        `import.meta.env.${key}`,
        JSON.stringify(env[key] || fallback),
      ]),
    ),
    server: {
      port: Number(env.VITE_PORT) || 5173,
      // The browser's Host header is kept, so the services' same-origin check sees the dev
      // server's own origin.
      proxy: {
        '/api': { target: proxyTarget },
        '/stream': { target: proxyTarget },
      },
    },
    build: {
      rolldownOptions: {
        output: {
          // Libraries change less often than the app: separate chunks stay cached across deploys.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              },
              { name: 'vendor', test: /node_modules[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
