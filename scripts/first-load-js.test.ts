import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { firstLoadFiles } from './first-load-js.mjs';

describe('first-load JavaScript of the home page', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      imports: ['_ui.js', '_session.js'],
      dynamicImports: ['src/home.tsx'],
      css: ['assets/index-a.css'],
    },
    '_ui.js': { file: 'assets/ui-b.js', imports: ['_runtime.js'] },
    '_session.js': { file: 'assets/session-c.js', imports: ['_ui.js'] },
    '_runtime.js': { file: 'assets/runtime-d.js', imports: ['_session.js'] },
    'src/home.tsx': { file: 'assets/home-e.js', isDynamicEntry: true, imports: ['_big.js'] },
    '_big.js': { file: 'assets/big-f.js' },
  };

  it('is the entry and everything it imports statically, transitively, once each', () => {
    expect((firstLoadFiles(manifest) as string[]).sort()).toEqual([
      'assets/index-a.js',
      'assets/runtime-d.js',
      'assets/session-c.js',
      'assets/ui-b.js',
    ]);
  });

  it('leaves out lazily imported chunks and style sheets', () => {
    const files = firstLoadFiles(manifest) as string[];
    expect(files).not.toContain('assets/home-e.js');
    expect(files).not.toContain('assets/big-f.js');
    expect(files.some((f) => f.endsWith('.css'))).toBe(false);
  });

  it('refuses a manifest without the page entry', () => {
    expect(() => firstLoadFiles({ 'x.js': { file: 'x.js' } })).toThrow(/entry/);
  });
});
