// The alert rules an operator loads (infra/observability/alerts.yaml): `promtool check rules`
// and `promtool test rules` on alerts.test.yaml. promtool is Debian's `prometheus` package,
// installed here when missing and this process may use apt-get; otherwise the step is skipped
// loudly (a machine without it cannot tell whether the alerts fire).
import path from 'node:path';
import { installMissingTools } from '../infra/apt.js';
import { warn } from '../log.js';
import { repoRoot } from '../paths.js';
import { APT_LOG } from './checks.js';
import type { TestStep } from './runner.js';

export const ALERTS_DIR = path.join(repoRoot, 'infra', 'observability');

export const alertRulesStep: TestStep = {
  name: 'alert rules (promtool check rules, promtool test rules)',
  report: 'status',
  async run(run) {
    if (installMissingTools({ promtool: 'prometheus' }, APT_LOG).length > 0) {
      const detail =
        'promtool is not installed, so the alert rules were NOT checked ' +
        '(Debian/Ubuntu: apt-get install --no-install-recommends prometheus; or run npm test as root)';
      warn(detail);
      return { status: 'skipped', detail };
    }
    const rel = (file: string) => path.relative(repoRoot, path.join(ALERTS_DIR, file));
    const checked = await run.exec('promtool', ['check', 'rules', rel('alerts.yaml')]);
    if (checked !== 0) return { status: 'failed', detail: 'promtool check rules alerts.yaml' };
    const tested = await run.exec('promtool', ['test', 'rules', rel('alerts.test.yaml')]);
    if (tested !== 0) return { status: 'failed', detail: 'promtool test rules alerts.test.yaml' };
    return { status: 'passed' };
  },
};
