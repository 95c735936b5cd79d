import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const server = 'http://localhost:8080';

/**
 * react-router's build creates its components and contexts at module level with React.forwardRef, createContext and
 * memo calls that carry no pure annotation, then sets a `displayName` on each: to the bundler both are side
 * effects, so every component of the package stays in the bundle whether the app uses it or not (Form, Scripts,
 * ScrollRestoration, Await and what they call: 1.4 KiB gzip of the first load). This marks those calls pure and
 * drops the `displayName` lines (names React DevTools shows; nothing reads them at run time), as the package's
 * own build would if it annotated them. Matched on the shape of the code: after an upgrade that changes it, the
 * bundle is only bigger again (the budget test says so), never broken.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'sb:react-router-tree-shaking',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
      handler(code, id) {
        const edited = new MagicString(code);
        for (const m of code.matchAll(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g))
          edited.appendLeft(m.index + 2, '/* @__PURE__ */ ');
        for (const m of code.matchAll(/^[\w$]+\.displayName = "[^"\n]*";$/gm))
          edited.remove(m.index, m.index + m[0].length);
        return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    reactRouterTreeShaking(),
    // Every text asset is written beside itself as .br (quality 11) and .gz (level 9) at build time: the server
    // sends those (@fastify/static preCompressed) instead of compressing on each request at a fast level.
    // The server bundle (dist/.ssr) is read from disk by the server, never sent: not compressed.
    !isSsrBuild &&
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
  resolve: {
    alias: [
      { find: '@', replacement: new URL('./src', import.meta.url).pathname },
      // React's API on Preact (issue 33 item 14): react-dom's client alone was 63 KiB gzip of home's 118 KiB of
      // JavaScript before idle; Preact with its compatibility layer is ~10 KiB. The server renders with Preact too
      // (entry-server.tsx), so hydration adopts markup of the same renderer. `react` resolves to a module of ours
      // that adds React's hydration semantics of `useSyncExternalStore` (src/lib/react-on-preact.ts).
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      {
        find: /^react(-dom)?$/,
        replacement: fileURLToPath(new URL('./src/lib/react-on-preact.ts', import.meta.url)),
      },
      // react-router's package exports only its development build (warnings, invariants with messages); the
      // production build it ships beside it is the same code without them, ~2 KiB gzip smaller.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          import.meta.resolve('react-router').replace('/development/', '/production/'),
        ),
      },
    ],
  },
  // The server bundle carries its own production React (and every other dependency): the server needs nothing
  // from the web app's node_modules, and never runs React's development build whatever its NODE_ENV.
  ssr: { noExternal: isSsrBuild ? true : undefined },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    // 'hidden': maps are written for the operator's error tracking, but the bundles do not point at them and the
    // server does not serve them (SERVE_SOURCE_MAPS turns that on).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the chunk graph the first-load JavaScript budget is measured on.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
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
}));
