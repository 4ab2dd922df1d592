import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  databaseRowsContaining,
  redisKeysContaining,
  scaled,
  testInfra,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../src/pdf/render.js';
import { type DocumentsUnderTest, startDocuments } from './harness.js';

// Where a document's content goes in documents, and when it is gone (docs/data-map.md, "Patient
// text: where it goes and when it is gone"): the PDF queue (Redis) until the caller has the PDF;
// no file on disk; nothing in Postgres (unsigned documents are not stored).

let svc: DocumentsUnderTest;
let scratch: string;
let tmpBefore: string | undefined;
beforeAll(async () => {
  // Whatever a library would write as a temporary file goes to os.tmpdir(): here, a folder
  // of this test's own, so that it can be watched.
  svc = await startDocuments({ PDF_TIMEOUT_MS: '1000' });
  scratch = await mkdtemp(path.join(tmpdir(), 'pv-patient-text-'));
  tmpBefore = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
});
afterAll(async () => {
  await svc.close();
  if (tmpBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpBefore;
  await rm(scratch, { recursive: true, force: true });
});

const word = (prefix: string) => `${prefix}${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
const queueKeys = () => `bull:${svc.config.PDF_QUEUE}:*`;
/** Keys that would hold a PDF or its job after the answer (a PDF is compressed: no marker). */
async function leftovers(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await svc.redis.scan(cursor, 'MATCH', queueKeys(), 'COUNT', 1000);
    cursor = next;
    // Job hashes (`bull:<queue>:<id>`), outcomes and progress; not the abandoned markers ('1').
    keys.push(...found.filter((key) => /:(pv-result|pv-progress):|^bull:[^:]+:\d+$/.test(key)));
  } while (cursor !== '0');
  return keys;
}

describe('patient text in documents: where it goes and when it is gone', () => {
  it('a PDF leaves neither its content nor the PDF in Redis, no file on disk, no row in Postgres', async () => {
    const patient = word('FULMARFINCH');
    const res = await svc.file(await svc.as('free'), '/api/generate-pdf', {
      content: `Paciente ${patient} com lombalgia; repouso relativo por três dias.`,
      title: 'Atestado',
      patientName: `Maria ${patient}`,
    });
    expect(res.status).toBe(200);
    expect(await redisKeysContaining(svc.redis, patient)).toEqual([]);
    expect(await leftovers()).toEqual([]);
    expect(await readdir(scratch)).toEqual([]);
    const url = new URL(testInfra.postgresUrl);
    url.pathname = `/${svc.config.DOCUMENTS_DATABASE}`;
    expect(await databaseRowsContaining(url.toString(), patient)).toEqual([]);
  });

  it(
    'a PDF whose caller gave up (timeout) leaves nothing behind once the worker ends it',
    async () => {
      const patient = word('GUILLEMOTFINCH');
      // The worker (connected) takes the job and holds it, running, past the caller's 1 s.
      const held = svc.holdNextPdf();
      const answer = svc.file(await svc.as('free'), '/api/generate-pdf', {
        content: `Paciente ${patient} em evolução clínica estável.`,
        title: 'Evolução',
      });
      await held.taken;
      const res = await answer;
      expect(res.status).toBe(504);
      // The job was running (locked), so the caller could not remove it: it is still there.
      expect(await redisKeysContaining(svc.redis, patient)).not.toEqual([]);
      // The worker renders it and ends it now: its job and what it would write must go.
      await held.release();
      expect(await redisKeysContaining(svc.redis, patient)).toEqual([]);
      expect(await leftovers()).toEqual([]);
      expect(await readdir(scratch)).toEqual([]);
    },
    scaled(60_000),
  );

  it('text extraction from an uploaded PDF writes no file', async () => {
    const patient = word('PUFFINFINCH');
    const pdf = await renderPdf({ content: [{ text: `Laudo de ${patient}: sem alterações.` }] });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'laudo.pdf');
    const response = await fetch(`${svc.url}/api/extract-pdf-text`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain(patient);
    expect(await readdir(scratch)).toEqual([]);
    expect(await redisKeysContaining(svc.redis, patient)).toEqual([]);
  });
});
