// The house rules on imports (.dependency-cruiser.cjs at the root), checked with dependency-cruiser:
// a forbidden import fails `npm test` with the name of the rule it breaks.
import path from 'node:path';
import { repoRoot, WORKSPACE_FOLDERS } from '../paths.js';
import { bin, runChild, type TestRun, type TestStep } from './runner.js';

/** The top folders whose code the rules cover. */
export const DEPENDENCY_ROOTS: string[] = [...WORKSPACE_FOLDERS];
export const DEPENDENCY_CONFIG = path.join(repoRoot, '.dependency-cruiser.cjs');

export interface Violation {
  rule: string;
  /** Module (or folder, for folder rules) that imports. */
  from: string;
  to: string;
  /** For cycle rules: the way back from `to` to `from`. */
  cycle: string[];
}

export interface DependencyCheck {
  violations: Violation[];
  modulesCruised: number;
  /** Each rule's comment, by name: why it exists, printed with its violations. */
  comments: Record<string, string>;
}

interface CruiseJson {
  summary: {
    totalCruised: number;
    violations: {
      rule: { name: string };
      from: string;
      to: string;
      cycle?: ({ name: string } | string)[];
    }[];
    ruleSetUsed?: { forbidden?: { name: string; comment?: string }[] };
  };
}

/**
 * Runs dependency-cruiser over `roots` (folders relative to `cwd`) with `config` and returns
 * the rules broken. Throws when dependency-cruiser itself fails (a config error, a crash).
 * @example const { violations } = await checkDependencies({ cwd: repoRoot });
 */
export async function checkDependencies(
  options: { cwd: string; config?: string; roots?: string[] },
  run: Pick<TestRun, 'capture'> = {
    capture: (command, args, opts) => runChild(command, args, { ...opts, captureStdout: true }),
  },
): Promise<DependencyCheck> {
  const { code, stdout } = await run.capture(
    bin('depcruise'),
    [
      ...(options.roots ?? DEPENDENCY_ROOTS),
      '--config',
      options.config ?? DEPENDENCY_CONFIG,
      '--output-type',
      'json',
    ],
    { cwd: options.cwd },
  );
  let result: CruiseJson;
  try {
    result = JSON.parse(stdout) as CruiseJson;
  } catch {
    throw new Error(`dependency-cruiser exited with code ${code} without a report`);
  }
  const comments: Record<string, string> = {};
  for (const rule of result.summary.ruleSetUsed?.forbidden ?? []) {
    comments[rule.name] = rule.comment ?? '';
  }
  return {
    modulesCruised: result.summary.totalCruised,
    comments,
    violations: result.summary.violations.map((v) => ({
      rule: v.rule.name,
      from: v.from,
      to: v.to,
      cycle: (v.cycle ?? []).map((step) => (typeof step === 'string' ? step : step.name)),
    })),
  };
}

/** `rule (count)` for each rule broken, most broken first: the step's one-line failure. */
export function violationSummary(violations: Violation[]): string {
  const counts = new Map<string, number>();
  for (const v of violations) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
  const rules = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return `${violations.length} forbidden import${violations.length === 1 ? '' : 's'}: ${rules
    .map(([rule, n]) => `${rule} (${n})`)
    .join(', ')}`;
}

/** Every violation under its rule's name and reason, for a person to fix. */
export function violationReport(check: DependencyCheck): string {
  const byRule = new Map<string, Violation[]>();
  for (const v of check.violations) byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
  const lines: string[] = [];
  for (const [rule, violations] of byRule) {
    lines.push(`${rule}: ${check.comments[rule] ?? ''}`.trimEnd());
    for (const v of violations) {
      const way = v.cycle.length > 0 ? [v.from, ...v.cycle] : [v.from, v.to];
      lines.push(`  ${way.join(' -> ')}`);
    }
  }
  return lines.join('\n');
}

export const dependencyRulesStep: TestStep = {
  name: 'dependency rules (dependency-cruiser)',
  report: 'status',
  async run(run) {
    const check = await checkDependencies({ cwd: repoRoot }, run);
    if (check.violations.length === 0) {
      process.stdout.write(`${check.modulesCruised} modules follow the rules\n`);
      return { status: 'passed' };
    }
    process.stdout.write(`${violationReport(check)}\n`);
    return {
      status: 'failed',
      detail: `${violationSummary(check.violations)} (rules and reasons: .dependency-cruiser.cjs)`,
    };
  },
};
