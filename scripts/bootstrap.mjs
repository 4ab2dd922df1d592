// Entry point of `npm start` and `npm test`. It runs before node_modules exists, so it may only use
// Node's own modules and syntax that an old Node can still parse far enough to print the version error.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM = 'pnpm@10.34.9';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const isWindows = process.platform === 'win32';

function fail(message) {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
// `node-version` prints the Node the others run under (the check CI and a test use); `release`
// and `changeset` run the release tooling (docs/releases.md), which needs the project's Node too.
const COMMANDS = ['start', 'test', 'node-version', 'release', 'changeset'];
if (!COMMANDS.includes(command)) {
  fail(`usage: node scripts/bootstrap.mjs <${COMMANDS.join('|')}> [args...]`);
}

// The one place the project's Node version is written: `.nvmrc` (nvm, fnm and volta read it, the
// Dockerfile generator pins the images to it, and a test keeps the two equal).
const wantedNode = readFileSync(join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
const [wantedMajor, wantedMinor] = wantedNode.split('.').map(Number);
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
// package.json's engines say `^<.nvmrc>`: the same major line, this minor or later. Any other Node
// (older, or a newer major the images do not run) is swapped for the pinned one.
const runsProjectNode = nodeMajor === wantedMajor && nodeMinor >= wantedMinor;

// The npm registry carries Node itself: `node-<platform>-<arch>` packages hold the binary (the
// `node` package only picks one of them in an install script). Installing the platform package
// directly needs no install script and nothing beyond the registry that pnpm uses anyway.
function nodePackageName() {
  const platform = isWindows ? 'win' : process.platform;
  const arch = isWindows && process.arch === 'ia32' ? 'x86' : process.arch;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${arch}`;
}

function projectNode() {
  const prefix = join(root, '.data', 'node', wantedNode);
  const pkg = nodePackageName();
  const binary = join(prefix, 'node_modules', pkg, 'bin', isWindows ? 'node.exe' : 'node');
  if (existsSync(binary)) return binary;
  process.stdout.write(
    `Fetching Node.js ${wantedNode} from the npm registry (${pkg}@${wantedNode})...\n`,
  );
  mkdirSync(prefix, { recursive: true });
  const result = spawnSync(
    isWindows ? 'npm.cmd' : 'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${pkg}@${wantedNode}`,
    ],
    { cwd: prefix, stdio: 'inherit', shell: isWindows },
  );
  if (result.status !== 0 || !existsSync(binary)) {
    fail(
      `This project runs on Node.js ${wantedNode} (this is Node.js ${process.versions.node}) and fetching it from the npm registry failed.\n` +
        `Install Node.js ${wantedMajor} LTS from https://nodejs.org (or \`nvm install\`, which reads .nvmrc) and run the command again.`,
    );
  }
  return binary;
}

// Any other Node runs the command again under the project's Node, once: the re-run sees its own
// Node and goes on. PATH puts that Node first, so every `node` started below (pnpm, turbo, vitest,
// the services) is the same one.
if (!runsProjectNode) {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the bootstrap runs before and outside any turbo task
  if (process.env.PV_BOOTSTRAP_REEXEC === '1') {
    fail(`The re-run under Node.js ${wantedNode} still reports Node.js ${process.versions.node}.`);
  }
  const binary = projectNode();
  process.stdout.write(
    `Node.js ${process.versions.node} is not the project's Node (${wantedNode}, .nvmrc): running \`${command}\` under ${binary.slice(root.length + 1)}.\n`,
  );
  const binDir = dirname(binary);
  const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const env = {
    ...process.env,
    [pathKey]: `${binDir}${isWindows ? ';' : ':'}${process.env[pathKey] ?? ''}`,
    PV_BOOTSTRAP_REEXEC: '1',
  };
  const rerun = spawn(binary, [fileURLToPath(import.meta.url), command, ...rest], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env,
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (rerun.exitCode === null && rerun.signalCode === null) rerun.kill(signal);
    });
  }
  rerun.on('error', (error) => fail(`Could not start Node.js ${wantedNode}: ${error.message}`));
  rerun.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
} else {
  main();
}

// The package folders pnpm-workspace.yaml lists, for the forms this repository uses (`dir/*` and
// `dir`); a deeper glob is left out, and the lockfile still covers what it would have caught.
function workspacePackageDirs() {
  const file = join(root, 'pnpm-workspace.yaml');
  if (!existsSync(file)) return [];
  const dirs = [];
  let inPackages = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\S/.test(line)) inPackages = line.startsWith('packages:');
    const match = inPackages ? /^\s+-\s*['"]?([^'"#\s]+)['"]?/.exec(line) : null;
    if (!match || match[1].startsWith('!')) continue;
    const pattern = match[1];
    if (pattern.endsWith('/*') && !pattern.slice(0, -2).includes('*')) {
      const parent = join(root, pattern.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent).sort()) dirs.push(join(pattern.slice(0, -2), entry));
    } else if (!pattern.includes('*')) {
      dirs.push(pattern);
    }
  }
  return dirs;
}

// Everything pnpm looks at when deciding what to install: when none of it changed since the last
// successful install, running pnpm again would only cost time (and a registry round trip for npx).
function installFingerprint() {
  const hash = createHash('sha256');
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
  for (const dir of workspacePackageDirs()) files.push(join(dir, 'package.json'));
  for (const file of files) {
    const path = join(root, file);
    hash.update(`${file}\0`);
    if (existsSync(path)) hash.update(readFileSync(path));
    hash.update('\0');
  }
  hash.update(process.versions.node);
  return hash.digest('hex');
}

function install() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the bootstrap runs before and outside any turbo task
  if (process.env.PV_SKIP_INSTALL === '1') return;
  const stampPath = join(root, 'node_modules', '.pv-install-stamp');
  const fingerprint = installFingerprint();
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === fingerprint) return;

  const hasLockfile = existsSync(join(root, 'pnpm-lock.yaml'));
  const args = ['-y', PNPM, 'install'];
  if (hasLockfile) args.push('--frozen-lockfile');
  process.stdout.write(
    `Installing dependencies (${PNPM} install${hasLockfile ? ' --frozen-lockfile' : ''})...\n`,
  );
  const result = spawnSync(isWindows ? 'npx.cmd' : 'npx', args, {
    cwd: root,
    stdio: 'inherit',
    shell: isWindows,
  });
  if (result.error) fail(`Could not run npx to install dependencies: ${result.error.message}`);
  if (result.status !== 0) {
    fail(
      `Dependency installation failed (exit code ${result.status}).\n` +
        (hasLockfile
          ? `If a package.json changed without updating the lockfile, run \`npx -y ${PNPM} install\` and commit pnpm-lock.yaml.`
          : 'Check the network access to the npm registry and try again.'),
    );
  }
  mkdirSync(dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, `${fingerprint}\n`);
}

function main() {
  if (command === 'node-version') {
    process.stdout.write(`${process.versions.node}\n`);
    return;
  }
  install();

  const entry = {
    release: [join('scripts', 'release.mjs')],
    changeset: [join('node_modules', '@changesets', 'cli', 'bin.js')],
  }[command] ?? ['--import', 'tsx', join('tools', 'stack', 'src', 'cli.ts'), command];
  const child = spawn(process.execPath, [...entry, ...rest], { cwd: root, stdio: 'inherit' });

  // A terminal Ctrl-C reaches the whole process group, so the CLI usually gets the signal itself; the
  // forwarding matters when only this process is signalled (a process manager, `kill <pid>`). The CLI
  // treats repeated signals as one, so a duplicate is harmless.
  const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of forwarded) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }

  child.on('error', (error) => fail(`Could not start the stack CLI: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const s of forwarded) process.removeAllListeners(s);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}
