import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:8080';

/** The back office: its own entry and bundle, served by the server under /backoffice/ (never in the player app). */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: 'hidden' },
  server: {
    // `npm run dev -w @sb/backoffice` next to a running server.
    proxy: { '/ops': { target: server, ws: true } },
  },
});
