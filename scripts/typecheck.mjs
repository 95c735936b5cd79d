// Type-checks every project of the monorepo; each has its own tsconfig (DOM for web, node for server).
import { execFileSync } from 'node:child_process';

const projects = [
  'packages/contract',
  'packages/betting',
  'apps/server',
  'apps/web',
  'apps/backoffice',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
