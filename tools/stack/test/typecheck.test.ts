// The typecheck step groups packages into shared TypeScript programs: the grouping follows the
// packages' tsconfig.json, and a type error in any package of a program still fails it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_STEPS } from '../src/test.js';
import { planTypecheck, programCommand, typecheckStep } from '../src/test-run/typecheck.js';

const root = mkdtempSync(path.join(tmpdir(), 'pv-typecheck-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writeJson(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

/** A package with a `typecheck` script, a tsconfig.json and one source file. */
function addPackage(
  dir: string,
  options: { tsconfig?: Record<string, unknown>; script?: string; source?: string },
) {
  writeJson(path.join(root, dir, 'package.json'), {
    name: `@fixture/${path.basename(dir)}`,
    scripts: { typecheck: options.script ?? 'tsc -p tsconfig.json' },
  });
  writeJson(path.join(root, dir, 'tsconfig.json'), {
    extends: '../../tsconfig.base.json',
    include: ['src'],
    ...options.tsconfig,
  });
  mkdirSync(path.join(root, dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(root, dir, 'src', 'index.ts'),
    options.source ?? 'export const ok: number = 1;\n',
  );
}

// No @types in the fixture: the base names none.
writeJson(path.join(root, 'tsconfig.base.json'), {
  compilerOptions: { strict: true, noEmit: true, types: [], module: 'NodeNext' },
});
addPackage('packages/alpha', {});
addPackage('services/beta', { source: "export const wrong: number = 'text';\n" });
addPackage('apps/gamma', { tsconfig: { compilerOptions: { lib: ['ES2023', 'DOM'] } } });
addPackage('tools/delta', { script: 'tsc -p tsconfig.json --noUnusedLocals' });
writeJson(path.join(root, 'tests', 'epsilon', 'package.json'), { name: 'no-typecheck' });

describe('the typecheck step', () => {
  it('checks packages with the same compiler options as one program, the others apart', () => {
    const plan = planTypecheck(root);
    const programs = plan.flatMap((run) => (run.kind === 'program' ? [run.packages] : []));
    const scripts = plan.flatMap((run) => (run.kind === 'script' ? [run.packageName] : []));
    expect(programs.sort()).toEqual([['apps/gamma'], ['packages/alpha', 'services/beta']]);
    // A package whose script is not the plain `tsc -p tsconfig.json` runs its own script.
    expect(scripts).toEqual(['@fixture/delta']);
  });

  it('fails a shared program on a type error in any of its packages, naming the file', () => {
    const shared = planTypecheck(root).find(
      (run) => run.kind === 'program' && run.packages.includes('services/beta'),
    );
    if (shared?.kind !== 'program') throw new Error('no shared program');
    const { command, args } = programCommand(shared);
    const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain('services/beta/src/index.ts');
    expect(result.stdout).toContain("Type 'string' is not assignable to type 'number'");
    expect(result.stdout).not.toContain('packages/alpha');
  });

  it('passes a program without errors', () => {
    const alone = planTypecheck(root).find(
      (run) => run.kind === 'program' && run.packages.includes('apps/gamma'),
    );
    if (alone?.kind !== 'program') throw new Error('no program for apps/gamma');
    const { command, args } = programCommand(alone);
    expect(spawnSync(command, args, { cwd: root, encoding: 'utf8' }).status).toBe(0);
  });

  it('covers every package of the repository that has a typecheck script', () => {
    expect(TEST_STEPS).toContain(typecheckStep);
    const plan = planTypecheck(path.resolve(import.meta.dirname, '../../..'));
    const checked = plan.flatMap((run) =>
      run.kind === 'program' ? run.packages : [run.packageName],
    );
    for (const dir of ['services/gateway', 'apps/admin-web', 'packages/web-kit', 'tools/stack']) {
      expect(checked).toContain(dir);
    }
  });
});
