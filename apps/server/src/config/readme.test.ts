import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';

/**
 * The README's "Configuration" table is the operator's list of settings. It names every
 * variable of the config schema and nothing else, and each default it quotes in backticks is the schema's.
 */
const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

interface Row {
  variables: string[];
  defaults: string[];
}

/** Rows of the table under `## Configuration`: the backticked names of column 1 and defaults of column 2. */
function configurationRows(markdown: string): Row[] {
  const section = markdown.split(/^## Configuration$/m)[1]?.split(/^#{2,3} /m)[0];
  if (!section) throw new Error('README has no "## Configuration" section');
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // header and separator
    .map((line) => {
      const [names = '', defaults = ''] = line.split('|').slice(1);
      return { variables: ticked(names), defaults: ticked(defaults) };
    });
}

describe('README configuration table', () => {
  const rows = configurationRows(README);

  it('lists every variable of the config schema once, and no other', () => {
    const listed = rows.flatMap((r) => r.variables);
    const twice = listed.filter((v, i) => listed.indexOf(v) !== i);
    expect(twice, 'listed twice').toEqual([]);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("quotes each variable's default as the schema has it", () => {
    // A variable the schema leaves unset (no default) is described in words; the others are compared.
    const defaults = loadConfig({}) as Record<string, unknown>;
    const quoted = rows.flatMap((r) =>
      r.defaults.length === r.variables.length
        ? r.variables.map((v, i) => [v, r.defaults[i]!] as const).filter(([v]) => defaults[v] !== undefined)
        : [],
    );
    expect(quoted.length).toBeGreaterThan(CONFIG_VARIABLES.length / 2);
    const wrong = quoted.filter(([v, d]) => String(defaults[v]) !== d).map(([v, d]) => `${v}: ${d}`);
    expect(wrong).toEqual([]);
  });
});
