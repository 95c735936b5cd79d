import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partStyles } from './web-styles';

/** A build with two screens sharing one chunk's sheet, and the shell's own sheet. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'sb-web-styles-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const sheets = { shell: 'a{}', home: '.home{}', event: '.event{}', shared: '.odd{}' };
  for (const [name, css] of Object.entries(sheets)) writeFileSync(join(dist, `assets/${name}.css`), css);
  const manifest = {
    'index.html': { css: ['assets/shell.css'] },
    _shared: { css: ['assets/shared.css'] },
    'src/home.tsx': { css: ['assets/home.css'], imports: ['_shared', 'index.html'] },
    'src/event.tsx': { css: ['assets/event.css'], imports: ['_shared'] },
  };
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

const entry = {
  SERVER_RENDERED_MODULES: ['src/home.tsx', 'src/event.tsx'],
  SERVER_RENDERED_PARTS: { HomePage: 'src/home.tsx', EventPage: 'src/event.tsx' },
};

describe('the style sheets a server-rendered page inlines', () => {
  it('are those of the parts it drew and what they import, not the shell’s nor other screens’', () => {
    const styles = partStyles(fakeDist(), entry)(['HomePage']);
    expect(styles).toContain(
      '<style>.home{}</style><link rel="stylesheet" type="text/x-inlined" href="/assets/home.css">',
    );
    expect(styles).toContain('.odd{}');
    expect(styles).not.toContain('.event{}');
    expect(styles).not.toContain('a{}');
  });

  it('are every rendered screen’s when a drawn part is not named (an older entry, a new part)', () => {
    const dist = fakeDist();
    for (const styles of [
      partStyles(dist, entry)(['HomePage', 'Unknown']),
      partStyles(dist, { SERVER_RENDERED_MODULES: entry.SERVER_RENDERED_MODULES })(['HomePage']),
      partStyles(dist, entry)(undefined),
    ]) {
      expect(styles).toContain('.home{}');
      expect(styles).toContain('.event{}');
      expect(styles.match(/\.odd\{\}/g)).toHaveLength(1);
    }
  });
});
