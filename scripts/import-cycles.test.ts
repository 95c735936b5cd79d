// The import cycle check (`npm run check`'s `import cycles` job) finds what ESLint's import-x/no-cycle does not: a
// circle closed by type imports only. Each case writes a small project to a temporary folder and runs the check on
// it, as a function and as the command `npm run check` runs (exit code 1 and the files named).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, importsOf } from './import-cycles.mjs';

const SCRIPT = new URL('./import-cycles.mjs', import.meta.url).pathname;
const TSCONFIG = JSON.stringify({
  compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', paths: { '@/*': ['./src/*'] } },
  include: ['src'],
});

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project of the given files (path → source) with its tsconfig.json, in a fresh temporary folder. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  folders.push(root);
  writeFileSync(join(root, 'tsconfig.json'), TSCONFIG);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const check = (root: string) =>
  spawnSync(process.execPath, [SCRIPT, '--root', root, '.'], { encoding: 'utf8' });

/** Two files that import each other's types only: the circle import-x/no-cycle lets through. */
const TYPE_CIRCLE = {
  'src/app.ts': "import type { Me } from './login';\nexport type App = { me: Me };\n",
  'src/login.ts':
    "import type { App } from './app';\nexport type Me = { name: string };\nexport type Back = App;\n",
};

describe('import cycles', () => {
  it('finds a circle of type imports and fails the check, naming the files', () => {
    const root = project(TYPE_CIRCLE);
    expect(findCycles(root, ['.'])).toEqual([
      {
        files: ['src/app.ts', 'src/login.ts'],
        circle: [
          ['src/app.ts', 'type'],
          ['src/login.ts', 'type'],
        ],
      },
    ]);
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('src/app.ts -(type)-> src/login.ts -(type)-> src/app.ts');
    expect(run.stdout).toContain('1 import cycles');
  });

  it('passes once the shared type has a module of its own', () => {
    const root = project({
      'src/me.ts': 'export type Me = { name: string };\n',
      'src/app.ts': "import type { Me } from './me';\nexport type App = { me: Me };\n",
      'src/login.ts': "import type { App } from './app';\nexport type Back = App;\n",
    });
    expect(findCycles(root, ['.'])).toEqual([]);
    const run = check(root);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('0 import cycles');
  });

  it('follows path aliases, re-exports and import() through a longer circle, and a file importing itself', () => {
    const root = project({
      'src/a.ts': "export { b } from '@/b';\nexport const a = 1;\n",
      'src/b.ts': "export const b = () => import('./c');\n",
      'src/c.ts': "import { a } from './a';\nexport const c = a;\n",
      'src/self.ts': "import * as me from './self';\nexport const self = me;\n",
      'src/leaf.ts': "import { a } from './a';\nexport const leaf = a;\n",
    });
    expect(findCycles(root, ['.'])).toEqual([
      {
        files: ['src/a.ts', 'src/b.ts', 'src/c.ts'],
        circle: [
          ['src/a.ts', 'value'],
          ['src/b.ts', 'dynamic'],
          ['src/c.ts', 'value'],
        ],
      },
      { files: ['src/self.ts'], circle: [['src/self.ts', 'value']] },
    ]);
  });

  it.each([
    ["import type { A } from './a';", 'type'],
    ["import { type A, type B } from './a';", 'type'],
    ["import { type A, b } from './a';", 'value'],
    ["import a, { type B } from './a';", 'value'],
    ["import './a';", 'value'],
    ["export type { A } from './a';", 'type'],
    ["export { type A } from './a';", 'type'],
    ["export * from './a';", 'value'],
    ["import x = require('./a');", 'value'],
    ["export const load = () => import('./a');", 'dynamic'],
    ["export type A = import('./a').A;", 'type'],
  ])('reads %s as a %s import', (code, kind) => {
    const source = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, false);
    expect(importsOf(source)).toEqual([{ specifier: './a', kind }]);
  });
});
