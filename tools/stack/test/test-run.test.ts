import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runChild, runSteps, type TestRun, type TestStep } from '../src/test-run/runner.js';

let printed: string;

beforeEach(() => {
  printed = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const run = { args: [], infra: undefined, interrupted: false } as unknown as TestRun;
const plain = stripVTControlCharacters;

describe('runSteps', () => {
  it('runs the steps in order, adds the counts of test steps and reports each', async () => {
    const order: string[] = [];
    const step = (name: string, outcome: Awaited<ReturnType<TestStep['run']>>): TestStep => ({
      name,
      report: 'counts' in outcome ? 'test-counts' : 'status',
      run: async () => {
        order.push(name);
        return outcome;
      },
    });
    const cleanup = vi.fn(async () => {});
    const code = await runSteps(
      run,
      [
        step('lint', { status: 'passed' }),
        step('unit', { status: 'passed', counts: { passed: 5, failed: 0, skipped: 1 } }),
        step('compose', { status: 'skipped', detail: 'no docker-compose' }),
        step('browser', { status: 'passed', counts: { passed: 2, failed: 0, skipped: 0 } }),
      ],
      cleanup,
    );
    expect(code).toBe(0);
    expect(order).toEqual(['lint', 'unit', 'compose', 'browser']);
    expect(cleanup).toHaveBeenCalledOnce();
    const out = plain(printed);
    expect(out).toContain('== [1/4] lint');
    expect(out).toContain('SKIP compose: no docker-compose');
    expect(out.trimEnd().split('\n').at(-1)).toBe('tests: 7 passed, 0 failed, 1 skipped');
  });

  it('stops at the first failure, says what did not run, and still cleans up', async () => {
    const later = vi.fn(async () => ({ status: 'passed' }) as const);
    const cleanup = vi.fn(async () => {});
    const code = await runSteps(
      run,
      [
        {
          name: 'dependency rules',
          report: 'status',
          run: async () => ({ status: 'failed', detail: '1 forbidden import: no-circular (1)' }),
        },
        { name: 'typecheck', report: 'status', run: later },
      ],
      cleanup,
    );
    expect(code).toBe(1);
    expect(later).not.toHaveBeenCalled();
    expect(cleanup).toHaveBeenCalledOnce();
    const out = plain(printed);
    expect(out).toMatch(/FAIL dependency rules \(.+\): 1 forbidden import: no-circular \(1\)/);
    expect(out).toContain('not run: typecheck');
    expect(out).toContain('nothing to count');
    expect(out.trimEnd().split('\n').at(-1)).toBe('tests: 0 passed, 0 failed');
  });

  it('turns a step that throws into a failure', async () => {
    const code = await runSteps(
      run,
      [
        {
          name: 'boom',
          report: 'status',
          run: async () => {
            throw new Error('no such tool');
          },
        },
      ],
      async () => {},
    );
    expect(code).toBe(1);
    expect(plain(printed)).toContain('FAIL boom');
    expect(printed).toContain('no such tool');
  });
});

describe('runChild', () => {
  it('captures stdout and the exit code', async () => {
    const result = await runChild(
      process.execPath,
      ['-e', 'process.stdout.write("olá"); process.exit(3)'],
      { captureStdout: true },
    );
    expect(result).toEqual({ code: 3, stdout: 'olá' });
  });
});
