import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_STEPS } from '../src/test.js';
import {
  checkDependencies,
  DEPENDENCY_CONFIG,
  type Violation,
  violationReport,
  violationSummary,
} from '../src/test-run/dependencies.js';
import { typecheckStep } from '../src/test-run/typecheck.js';

// A small monorepo of the same shape as this one (apps, services, packages, workspace packages
// linked in node_modules), checked with the repository's own rules file.
let root: string;

function write(file: string, text: string): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

function workspacePackage(dir: string, name: string): void {
  write(
    `${dir}/package.json`,
    JSON.stringify({ name, type: 'module', exports: { '.': './src/index.ts' } }),
  );
  mkdirSync(path.join(root, 'node_modules', '@fx'), { recursive: true });
  symlinkSync(path.join(root, dir), path.join(root, 'node_modules', name), 'dir');
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'pv-deps-'));
  workspacePackage('packages/kit', '@fx/kit');
  write('packages/kit/src/index.ts', "export const greet = (name: string) => 'Olá, ' + name;\n");
  workspacePackage('services/billing', '@fx/billing');
  write(
    'services/billing/src/index.ts',
    "import { greet } from '@fx/kit';\nexport const invoice = () => greet('cliente');\n",
  );
  write('services/billing/src/quota/quota.repository.ts', 'export const findQuota = () => 1;\n');
  write(
    'services/billing/src/quota/quota.service.ts',
    "import { findQuota } from './quota.repository.js';\nexport const quota = () => findQuota();\n",
  );
  write(
    'services/billing/src/routes/quota.ts',
    "import { quota } from '../quota/quota.service.js';\nexport const route = () => quota();\n",
  );
  workspacePackage('services/auth', '@fx/auth');
  write('services/auth/src/index.ts', 'export const login = () => true;\n');
  write('apps/web/package.json', JSON.stringify({ name: '@fx/web', type: 'module' }));
  write('apps/web/src/store-slice.ts', 'export const slice = { name: "toast" };\n');
  write('apps/web/src/store.ts', "import { slice } from './store-slice.js';\nexport { slice };\n");
  write(
    'apps/web/src/pages/home.tsx',
    "import { greet } from '@fx/kit';\nimport { slice } from '../store.js';\nexport const home = () => greet(slice.name);\n",
  );
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const check = () => checkDependencies({ cwd: root, roots: ['apps', 'packages', 'services'] });
const named = (violations: Violation[], rule: string) => violations.filter((v) => v.rule === rule);

describe('the dependency rules (.dependency-cruiser.cjs)', () => {
  it('pass on a tree that keeps them', async () => {
    const result = await check();
    expect(result.violations).toEqual([]);
    expect(result.modulesCruised).toBeGreaterThanOrEqual(8);
  });

  it('fail naming no-app-imports-service when an app imports a service by its package name', async () => {
    write(
      'apps/web/src/pages/pay.tsx',
      "import { invoice } from '@fx/billing';\nexport const pay = () => invoice();\n",
    );
    const { violations } = await check();
    expect(violations).toEqual([
      {
        rule: 'no-app-imports-service',
        from: 'apps/web/src/pages/pay.tsx',
        to: 'services/billing/src/index.ts',
        cycle: [],
      },
    ]);
    expect(violationSummary(violations)).toBe('1 forbidden import: no-app-imports-service (1)');
  });

  it('name each rule a tree breaks, with the offending imports', async () => {
    // A relative path into another package: two rules at once.
    write(
      'apps/web/src/pages/pay.tsx',
      "import { invoice } from '../../../../services/billing/src/index.js';\nexport const pay = invoice;\n",
    );
    write(
      'services/billing/src/users.ts',
      "import { login } from '@fx/auth';\nexport const who = login;\n",
    );
    write(
      'packages/kit/src/money.ts',
      "import { invoice } from '@fx/billing';\nexport const money = invoice;\n",
    );
    write('packages/kit/src/a.ts', "import { b } from './b.js';\nexport const a = () => b();\n");
    write('packages/kit/src/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
    write('apps/web/src/store.ts', "import { home } from './pages/home.js';\nexport { home };\n");
    write(
      'services/billing/src/routes/raw.ts',
      "import { findQuota } from '../quota/quota.repository.js';\nexport const raw = findQuota;\n",
    );
    const result = await check();
    const { violations } = result;

    expect(named(violations, 'no-app-imports-service')[0]?.from).toBe('apps/web/src/pages/pay.tsx');
    expect(named(violations, 'no-relative-cross-package')[0]).toMatchObject({
      from: 'apps/web/src/pages/pay.tsx',
      to: 'services/billing/src/index.ts',
    });
    expect(named(violations, 'no-service-imports-service')[0]).toMatchObject({
      from: 'services/billing/src/users.ts',
      to: 'services/auth/src/index.ts',
    });
    expect(named(violations, 'no-package-imports-app-or-service')[0]?.from).toBe(
      'packages/kit/src/money.ts',
    );
    expect(named(violations, 'no-circular').map((v) => v.from)).toContain('packages/kit/src/a.ts');
    expect(named(violations, 'spa-store-not-from-pages')[0]?.to).toBe(
      'apps/web/src/pages/home.tsx',
    );
    expect(named(violations, 'routes-not-repositories')[0]?.from).toBe(
      'services/billing/src/routes/raw.ts',
    );
    // The store <-> home page loop is a cycle as well.
    expect(named(violations, 'no-circular').length).toBeGreaterThanOrEqual(2);

    const report = violationReport(result);
    expect(report).toContain('no-app-imports-service: An SPA talks to services over HTTP');
    expect(report).toContain(
      '  packages/kit/src/a.ts -> packages/kit/src/b.ts -> packages/kit/src/a.ts',
    );
  });

  it('fail on domain folders of a service that import each other, and on the documents domain reading its layout', async () => {
    write(
      'services/billing/src/usage/usage.service.ts',
      'export const normalize = (s: string) => s.trim();\n',
    );
    write(
      'services/billing/src/quota/quota.mapper.ts',
      "import { normalize } from '../usage/usage.service.js';\nexport const map = normalize;\n",
    );
    write(
      'services/billing/src/usage/usage.repository.ts',
      "import { map } from '../quota/quota.mapper.js';\nexport const find = map;\n",
    );
    write('services/documents/src/pdf/layouts.ts', 'export const rceBlocked = () => false;\n');
    write(
      'services/documents/src/pdf/jobs.ts',
      "export const renderPdfJob = { name: 'render' };\n",
    );
    write(
      'services/documents/src/generation/documents.service.ts',
      "import { renderPdfJob } from '../pdf/jobs.js';\nimport { rceBlocked } from '../pdf/layouts.js';\nexport const issue = () => (rceBlocked() ? null : renderPdfJob);\n",
    );
    const { violations } = await check();
    expect(
      named(violations, 'no-domain-folder-cycle')
        .map((v) => v.from)
        .sort(),
    ).toEqual(['services/billing/src/quota', 'services/billing/src/usage']);
    // The job definition is the domain's way to the renderer; the layout is not.
    expect(named(violations, 'domain-not-on-rendering')).toEqual([
      {
        rule: 'domain-not-on-rendering',
        from: 'services/documents/src/generation/documents.service.ts',
        to: 'services/documents/src/pdf/layouts.ts',
        cycle: [],
      },
    ]);
  });

  it("fail on the kit's root or internals from outside it, and on the kit and its clients the wrong way", async () => {
    // The kit with a stray root barrel beside its subpaths, and the clients package on top of it.
    const pkg = (dir: string, name: string, exports: Record<string, string>) => {
      write(`${dir}/package.json`, JSON.stringify({ name, type: 'module', exports }));
      mkdirSync(path.join(root, 'node_modules', '@pv'), { recursive: true });
      symlinkSync(path.join(root, dir), path.join(root, 'node_modules', name), 'dir');
    };
    pkg('packages/service-kit', '@pv/service-kit', {
      '.': './src/index.ts',
      './http': './src/entries/http.ts',
    });
    write('packages/service-kit/src/app.ts', 'export const app = () => 1;\n');
    write('packages/service-kit/src/index.ts', "export * from './app.js';\n");
    write('packages/service-kit/src/entries/http.ts', "export * from '../app.js';\n");
    write(
      'packages/service-kit/src/audit-hook.ts',
      "import { audit } from '@pv/service-clients';\nexport const hook = audit;\n",
    );
    pkg('packages/service-clients', '@pv/service-clients', { '.': './src/index.ts' });
    write(
      'packages/service-clients/src/index.ts',
      "import { greet } from '@fx/kit';\nimport { app } from '@pv/service-kit/http';\nexport const audit = () => greet(String(app()));\n",
    );
    write(
      'services/billing/src/root.ts',
      "import { app } from '@pv/service-kit';\nimport { audit } from '@pv/service-clients';\nexport const both = () => [app(), audit()];\n",
    );
    const { violations } = await check();
    expect(named(violations, 'kit-through-its-entries')).toEqual([
      {
        rule: 'kit-through-its-entries',
        from: 'services/billing/src/root.ts',
        to: 'packages/service-kit/src/index.ts',
        cycle: [],
      },
    ]);
    expect(named(violations, 'kit-not-on-clients').map((v) => v.from)).toEqual([
      'packages/service-kit/src/audit-hook.ts',
    ]);
    expect(named(violations, 'clients-on-kit-and-contracts').map((v) => v.to)).toEqual([
      'packages/kit/src/index.ts',
    ]);
  });
});

describe('the rules file', () => {
  it('gives every rule a name and a reason, and fails the run on it', () => {
    const config = createRequire(import.meta.url)(DEPENDENCY_CONFIG) as {
      forbidden: { name: string; comment: string; severity: string }[];
    };
    const names = config.forbidden.map((rule) => rule.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'no-app-imports-service',
        'no-service-imports-service',
        'no-package-imports-app-or-service',
        'no-relative-cross-package',
        'no-circular',
        'domain-not-on-rendering',
        'spa-store-not-from-pages',
        'kit-through-its-entries',
        'kit-not-on-clients',
        'clients-on-kit-and-contracts',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
    for (const rule of config.forbidden) {
      expect(rule.severity, rule.name).toBe('error');
      expect(rule.comment.length, rule.name).toBeGreaterThan(30);
    }
  });

  it('is checked by npm test before the typecheck', () => {
    const names = TEST_STEPS.map((step) => step.name);
    const rules = names.indexOf('dependency rules (dependency-cruiser)');
    expect(rules).toBeGreaterThan(-1);
    expect(rules).toBeLessThan(names.indexOf(typecheckStep.name));
  });
});
