import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  // 'hidden': maps are written for the operator's error tracking, but the bundles do not point at them and the
  // server does not serve them (SERVE_SOURCE_MAPS turns that on).
  build: { target: 'es2022', sourcemap: 'hidden' },
  server: {
    // `npm run dev -w @sb/web` next to a running server: the API and feed come from it.
    proxy: Object.fromEntries(
      ['/api', '/oauth', '/runtime-config.js', '/ws', '/widgets', '/docs'].map((p) => [
        p,
        { target: server, ws: p === '/ws' },
      ]),
    ),
  },
});
