// Import cycles over the repository's TypeScript projects, type imports included (issue 38 §5). ESLint's
// import-x/no-cycle skips `import type` by design, and a circle of types is still two files that cannot be read,
// moved or split one without the other. This walks every import the compiler would resolve (static, type-only,
// re-exports, `import()` calls and `import('…').T` types), resolves each with the project's own tsconfig (paths
// such as the web's `@/` included) and reports every strongly connected component of the graph. It parses, it
// never type-checks: about a second for the whole repository. `node scripts/import-cycles.mjs [project …]` exits 1
// on any cycle; `npm run check` runs it.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Required, not imported: Node's ES import of the 9 MB CommonJS compiler scans it for named exports (~1 s).
const ts = createRequire(import.meta.url)('typescript');

/** The projects `npm run check` walks (each folder's tsconfig.json). */
export const PROJECTS = [
  'apps/server',
  'apps/web',
  'apps/backoffice',
  'packages/betting',
  'packages/contract',
  'packages/crash',
  'e2e',
  'bench',
];

/** @typedef {'value' | 'type' | 'dynamic'} ImportKind */

const typeOnlyNamed = (bindings) =>
  bindings !== undefined &&
  ts.isNamedImports(bindings) &&
  bindings.elements.length > 0 &&
  bindings.elements.every((e) => e.isTypeOnly);

/** Each module specifier a file imports, with how: `type` when only types cross, `dynamic` for `import()`. */
export function importsOf(sourceFile) {
  /** @type {{ specifier: string, kind: ImportKind }[]} */
  const found = [];
  const add = (node, kind) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, kind });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined && (clause.isTypeOnly || (!clause.name && typeOnlyNamed(clause.namedBindings)));
      add(node.moduleSpecifier, typeOnly ? 'type' : 'value');
      return;
    }
    if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier, typeOnly ? 'type' : 'value');
      return;
    }
    if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly ? 'type' : 'value');
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], 'dynamic');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, 'type');
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function parsedProject(root, project) {
  const configPath = path.resolve(root, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  return parsed;
}

/**
 * The local import graph of the projects: file → (imported file → the specifiers that name it). Only files of the
 * repository (below `root`, outside node_modules) are nodes; workspace packages resolve to their sources through
 * their symlinks. The compiler's import scanner finds the same specifiers as a full parse (importsOf) in a fifth
 * of the time; the kinds are read only for the files of a cycle (kindsOf).
 */
export function importGraph(root, projects = PROJECTS) {
  const realRoot = realpathSync(root);
  const inside = (file) =>
    !path.relative(realRoot, file).startsWith('..') && !file.includes('/node_modules/');
  /** @type {Map<string, Map<string, Set<string>>>} */
  const graph = new Map();
  for (const project of projects) {
    const { fileNames, options } = parsedProject(realRoot, project);
    const cache = ts.createModuleResolutionCache(realRoot, (f) => f, options);
    for (const fileName of fileNames) {
      const file = realpathSync(fileName);
      if (graph.has(file)) continue;
      const edges = new Map();
      graph.set(file, edges);
      const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, false);
      for (const { fileName: specifier } of importedFiles) {
        const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
        if (!resolved) continue;
        const target = realpathSync(resolved.resolvedFileName);
        if (!inside(target)) continue;
        edges.set(target, (edges.get(target) ?? new Set()).add(specifier));
      }
    }
  }
  return graph;
}

const STRENGTH = { type: 0, dynamic: 1, value: 2 };

/** How `file` imports `target` in the graph: the strongest kind of its imports of it (value, dynamic, type). */
export function kindOf(graph, file, target) {
  const specifiers = graph.get(file)?.get(target) ?? new Set();
  const sourceFile = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, false);
  /** @type {ImportKind | undefined} */
  let strongest;
  for (const { specifier, kind } of importsOf(sourceFile)) {
    if (specifiers.has(specifier) && (strongest === undefined || STRENGTH[kind] > STRENGTH[strongest]))
      strongest = kind;
  }
  return strongest ?? 'value';
}

/** The strongly connected components with more than one file (or a file importing itself), Tarjan's algorithm. */
export function stronglyConnected(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) components.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return components;
}

/** One shortest circle through a component's first file: [file, how it imports the next file][]. */
export function circleThrough(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const [w] of graph.get(v) ?? []) {
      if (!members.has(w) || previous.has(w)) continue;
      previous.set(w, v);
      if (w === start) {
        queue.length = 0;
        break;
      }
      queue.push(w);
    }
  }
  const after = [];
  for (let v = previous.get(start); v !== start; v = previous.get(v)) after.unshift(v);
  const path = [start, ...after];
  return path.map((file, i) => [file, kindOf(graph, file, path[(i + 1) % path.length])]);
}

/** Every cycle of the projects, each as its shortest circle (files relative to `root`). */
export function findCycles(root, projects = PROJECTS) {
  const graph = importGraph(root, projects);
  const realRoot = realpathSync(root);
  const byFirstFile = (x, y) => (x[0] < y[0] ? -1 : 1);
  return stronglyConnected(graph)
    .sort(byFirstFile)
    .map((component) => ({
      files: component.map((f) => path.relative(realRoot, f)),
      circle: circleThrough(graph, component).map(([f, kind]) => [path.relative(realRoot, f), kind]),
    }));
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args.splice(rootAt, 2)[1] : fileURLToPath(new URL('..', import.meta.url));
  const cycles = findCycles(root, args.length > 0 ? args : PROJECTS);
  for (const { files, circle } of cycles) {
    const shown = circle.map(([file, kind]) => `${file} -(${kind})->`).join(' ');
    console.log(`import cycle of ${files.length} files: ${shown} ${circle[0][0]}`);
    if (files.length > circle.length) console.log(`  the whole component: ${files.join(', ')}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${cycles.length} import cycles (type imports included) in ${seconds} s`);
  process.exit(cycles.length > 0 ? 1 : 0);
}
