// The typecheck step: every workspace package's `tsc -p tsconfig.json`, with the packages whose
// tsconfig.json say the same thing checked as one TypeScript program. Checked one by one (turbo),
// a package that imports another's sources checks them again: service-kit and contracts were
// checked by nearly every package, and the step took 120-240 s on two cores. One program per
// set of compiler options checks each file once (~35 s for all of them here).
//
// What a shared program changes: a file's global declarations (an ambient `declare global`, a
// module augmentation) are seen by the other packages of its program. Packages that differ in
// any compiler option (the SPAs' DOM and JSX, e2e-kit's DOM) stay in programs of their own.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pnpmCommand, repoRoot, WORKSPACE_FOLDERS } from '../paths.js';
import { bin, type TestStep } from './runner.js';

/** The script a package's `typecheck` must be for it to join a shared program. */
const PLAIN_TYPECHECK = 'tsc -p tsconfig.json';

interface TsConfig {
  extends?: string;
  compilerOptions?: Record<string, unknown>;
  include?: string[];
  [key: string]: unknown;
}

/** One `tsc` run: a shared program over `packages`, or one package's own `typecheck` script. */
export type TypecheckRun =
  | { kind: 'program'; packages: string[]; tsconfig: TsConfig; configPath: string }
  | { kind: 'script'; packageName: string; dir: string };

const toPosix = (file: string) => file.split(path.sep).join('/');

/**
 * Groups the packages under `root` that have a `typecheck` script into the runs that check them:
 * packages whose tsconfig.json extends the same file with the same compiler options, and only
 * names `include`, share one program; any other package runs its own script.
 * @example planTypecheck(repoRoot).map((run) => run.kind)  // ['program', 'program', 'program']
 */
export function planTypecheck(root: string): TypecheckRun[] {
  const groups = new Map<string, { dirs: string[]; tsconfig: TsConfig }>();
  const runs: TypecheckRun[] = [];
  for (const folder of WORKSPACE_FOLDERS) {
    const parent = path.join(root, folder);
    if (!existsSync(parent)) continue;
    for (const entry of readdirSync(parent).sort()) {
      const dir = path.join(parent, entry);
      const manifestPath = path.join(dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        name?: string;
        scripts?: Record<string, string>;
      };
      const script = manifest.scripts?.typecheck;
      if (script === undefined) continue;
      const packageName = manifest.name ?? entry;
      const configFile = path.join(dir, 'tsconfig.json');
      const tsconfig = existsSync(configFile)
        ? (JSON.parse(readFileSync(configFile, 'utf8')) as TsConfig)
        : undefined;
      const onlyIncludes =
        tsconfig !== undefined &&
        Object.keys(tsconfig).every((key) =>
          ['extends', 'compilerOptions', 'include'].includes(key),
        );
      if (script.trim() !== PLAIN_TYPECHECK || !onlyIncludes) {
        runs.push({ kind: 'script', packageName, dir });
        continue;
      }
      const base = tsconfig.extends === undefined ? '' : path.resolve(dir, tsconfig.extends);
      const key = JSON.stringify([base, tsconfig.compilerOptions ?? {}]);
      const group = groups.get(key) ?? {
        dirs: [],
        tsconfig: {
          ...(base ? { extends: toPosix(base) } : {}),
          ...(tsconfig.compilerOptions ? { compilerOptions: tsconfig.compilerOptions } : {}),
          include: [],
        },
      };
      group.dirs.push(dir);
      // tsc's default include is every file under the config's folder.
      for (const include of tsconfig.include ?? ['**/*']) {
        group.tsconfig.include!.push(toPosix(path.join(dir, include)));
      }
      groups.set(key, group);
    }
  }
  for (const { dirs, tsconfig } of groups.values()) {
    // The program's tsconfig lives under its first package, in node_modules: `types` (vite/client,
    // @types/node) are looked up from the config's folder upwards, as they are for the package.
    const configPath = path.join(
      dirs[0]!,
      'node_modules',
      '.cache',
      'pv-typecheck',
      'tsconfig.json',
    );
    runs.unshift({
      kind: 'program',
      packages: dirs.map((dir) => toPosix(path.relative(root, dir))),
      tsconfig,
      configPath,
    });
  }
  return runs;
}

/** Writes a shared program's tsconfig and returns the command that checks it. */
export function programCommand(plan: Extract<TypecheckRun, { kind: 'program' }>): {
  command: string;
  args: string[];
} {
  mkdirSync(path.dirname(plan.configPath), { recursive: true });
  writeFileSync(plan.configPath, `${JSON.stringify(plan.tsconfig, null, 2)}\n`);
  return { command: bin('tsc'), args: ['-p', plan.configPath] };
}

export const typecheckStep: TestStep = {
  name: 'typecheck (tsc, one program per set of compiler options)',
  report: 'status',
  async run(run) {
    const failed: string[] = [];
    for (const plan of planTypecheck(repoRoot)) {
      if (run.interrupted) break;
      const { command, args } =
        plan.kind === 'program'
          ? programCommand(plan)
          : pnpmCommand(['--filter', plan.packageName, 'run', 'typecheck']);
      if ((await run.exec(command, args)) === 0) continue;
      failed.push(
        plan.kind === 'script'
          ? plan.packageName
          : `${plan.packages[0]}${plan.packages.length > 1 ? ` and the ${plan.packages.length - 1} packages checked with it` : ''}`,
      );
    }
    return failed.length === 0
      ? { status: 'passed' }
      : { status: 'failed', detail: `type errors (tsc printed them above): ${failed.join('; ')}` };
  },
};
