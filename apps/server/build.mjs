// Bundles the server (and the workspace packages it imports as TypeScript) into dist/;
// npm dependencies stay external and are loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

// The pricing worker thread is its own entry: `pricer.ts` loads dist/pricing-worker.js next to main.js.
const entries = {
  main: 'src/main.ts',
  'cli-ops': 'src/cli/ops.ts',
  'pricing-worker': 'src/modules/sports/pricing/pricing.worker.ts',
};
for (const [name, entry] of Object.entries(entries)) {
  await build({
    entryPoints: [entry],
    outfile: `dist/${name}.js`,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external,
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
