import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: { target: 'es2022', sourcemap: true },
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
