// `npm run release`, run by CI on every merge to main (docs/releases.md): when the merge brought
// changesets (.changeset/*.md), it turns them into the next version of every @pv package (one
// product version), their CHANGELOG.md files and an entry in the root CHANGELOG.md, commits that as
// "release vX.Y.Z" and tags it vX.Y.Z. A merge without a changeset changed nothing that ships:
// no version, no tag. Needs git and the npm registry (already installed packages), nothing else.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const changesetDir = join(root, '.changeset');

/** The pending changesets: their file names and summaries (the text after the front matter). */
export function pendingChangesets(dir = changesetDir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const summary = text.replace(/^---\n[\s\S]*?\n---\n/, '').trim();
      return { file, summary };
    });
}

/** The root CHANGELOG.md with `version`'s entry on top (newest first, under the title). */
export function withRelease(changelog, version, date, summaries) {
  const entry = [
    `## ${version} (${date})`,
    '',
    ...summaries.map((summary) => `- ${summary.replace(/\n+/g, ' ')}`),
    '',
  ].join('\n');
  const marker = changelog.indexOf('\n## ');
  if (marker < 0) return `${changelog.trimEnd()}\n\n${entry}`;
  return `${changelog.slice(0, marker + 1)}${entry}\n${changelog.slice(marker + 1)}`;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`release: ${command} ${args.join(' ')} failed\n`);
    process.exit(1);
  }
}

function main() {
  const pending = pendingChangesets();
  if (pending.length === 0) {
    process.stdout.write(
      'release: no changeset since the last release; nothing to version or tag.\n',
    );
    return;
  }
  run(process.execPath, [join(root, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version']);
  // Every @pv package is in one fixed group: any of them carries the product version.
  const { version } = JSON.parse(
    readFileSync(join(root, 'services', 'gateway', 'package.json'), 'utf8'),
  );
  const changelogPath = join(root, 'CHANGELOG.md');
  const date = new Date().toISOString().slice(0, 10);
  writeFileSync(
    changelogPath,
    withRelease(
      readFileSync(changelogPath, 'utf8'),
      version,
      date,
      pending.map((c) => c.summary),
    ),
  );
  run('git', ['add', '-A', '.changeset', 'CHANGELOG.md', '**/package.json', '**/CHANGELOG.md']);
  run('git', ['commit', '-m', `release v${version}`]);
  run('git', ['tag', '-a', `v${version}`, '-m', `release v${version}`]);
  process.stdout.write(`release: v${version} committed and tagged; push with --follow-tags.\n`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
