import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // Every text asset is written beside itself as .br (quality 11) and .gz (level 9) at build time: the server
    // sends those (@fastify/static preCompressed) instead of compressing on each request at a fast level.
    compression({
      include: /\.(js|css|html|svg|json)$/,
      exclude: [/\.map$/, /manifest\.json$/],
      threshold: 1_024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    // 'hidden': maps are written for the operator's error tracking, but the bundles do not point at them and the
    // server does not serve them (SERVE_SOURCE_MAPS turns that on).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the chunk graph the first-load JavaScript budget is measured on.
    manifest: true,
  },
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
