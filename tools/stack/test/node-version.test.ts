// One Node: `.nvmrc` names it, the images run it, package.json's engines accept it, and `npm start` /
// `npm test` run under it whatever Node the machine has.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { scaled } from '@pv/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.js';

const nvmrc = readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim();
const major = nvmrc.split('.')[0];

describe("the project's Node", () => {
  it('is an exact Node 24 LTS version in .nvmrc', () => {
    expect(nvmrc).toMatch(/^24\.\d+\.\d+$/);
  });

  it('is the Node of every image the Dockerfile builds', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'infra', 'Dockerfile'), 'utf8');
    const images = [...dockerfile.matchAll(/^ARG NODE_IMAGE=(\S+)$/gm)].map((m) => m[1]);
    expect(images).toEqual([`node:${nvmrc}-bookworm-slim`]);
    // Every stage starts from that argument or from another stage, never from a second Node image.
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.filter((base) => base?.startsWith('node:'))).toEqual([]);
    expect(bases).toContain(`\${NODE_IMAGE}`);
  });

  it("is what package.json's engines and @types/node name", () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`^${nvmrc}`);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^[~^]?${major}\\.`));
  });

  it(
    'runs the bootstrap whatever Node the machine has (an older one is swapped for it)',
    () => {
      // The machine's own `node`: PATH without the folder the bootstrap put first for this run.
      const projectNodes = path.join(repoRoot, '.data', 'node');
      const searchPath = (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter((dir) => dir && !dir.startsWith(projectNodes));
      const machineNode = searchPath
        .map((dir) => path.join(dir, process.platform === 'win32' ? 'node.exe' : 'node'))
        .find((file) => existsSync(file));
      expect(machineNode).toBeDefined();
      const result = spawnSync(
        machineNode as string,
        [path.join(repoRoot, 'scripts', 'bootstrap.mjs'), 'node-version'],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          env: { ...process.env, PATH: searchPath.join(path.delimiter), PV_BOOTSTRAP_REEXEC: '' },
        },
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const lines = result.stdout.trim().split('\n');
      expect(lines.at(-1)).toBe(nvmrc);
      const machineVersion = spawnSync(machineNode as string, ['--version'], { encoding: 'utf8' })
        .stdout.trim()
        .replace(/^v/, '');
      if (machineVersion.split('.')[0] !== major) {
        // Said once, by the first run, not again by the re-run.
        expect(lines.filter((line) => line.includes("is not the project's Node"))).toHaveLength(1);
      }
    },
    scaled(120_000),
  );
});
