import { resolve } from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The repository root: its .env holds the dev server's settings with the rest of the platform's. */
const envDir = resolve(import.meta.dirname, '..');

// The station's name, time zone and studio link are not build settings: the app reads them at
// runtime from /api/station-info (STATION_NAME, STATION_TZ, STUDIO_CONTACT_URL).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, envDir, 'VITE_');
  const proxyTarget = env.VITE_PROXY_TARGET || 'http://localhost:8080';

  return {
    envDir,
    plugins: [react(), tailwindcss()],
    resolve: { tsconfigPaths: true },
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
          // React and the router change less often than the app: their chunk stays cached across
          // deploys. Other libraries go with the pages that use them (a route's chunk, or the
          // initial one when the shell needs them).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
