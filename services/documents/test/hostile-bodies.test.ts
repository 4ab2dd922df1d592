/**
 * The worst bodies a stranger can send documents' public routes (the offline writer and the
 * prescription extraction): past the body limit, nested 50,000 deep, 40,000 unknown keys, a long
 * list, 100,000 blanks in every field. Each answers a 4xx in the one error shape with a pt-BR
 * message, fast (bounds generous for a loaded 2-core machine).
 */
import {
  hostileAnswerProblems,
  hostileBodies,
  scaled,
  sendHostileBodies,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentsUnderTest, FORMATTED_NOTE, startDocuments } from './harness.js';

/**
 * Unknown keys beside valid fields are ignored, as everywhere in the contracts: such a body may be
 * taken (a 2xx), as long as it is answered fast.
 */
const UNKNOWN_KEYS = ['nested 50,000 deep under an unknown key', '40000 unknown keys'];

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

/** 100,000 blanks and an "x" are a valid consultation text of the hospital prescription. */
const BLANK_TEXT = '100,000 blanks in every string field';

describe.each([
  ['/api/prescriptions/hospital', { consultationText: FORMATTED_NOTE }, [BLANK_TEXT]],
  ['/api/generate-document', { consultationText: FORMATTED_NOTE, documentType: 'atestado' }, []],
])('POST %s', (path, fields, alsoTaken) => {
  it(
    'answers every hostile body with a fast 4xx in pt-BR',
    async () => {
      const answers = await sendHostileBodies(
        `${svc.url}${path}`,
        hostileBodies(fields, 1024 * 1024),
        { 'x-forwarded-for': '203.0.113.31' },
      );
      expect(answers).toHaveLength(8);
      expect(
        hostileAnswerProblems(answers, scaled(3_000), [...UNKNOWN_KEYS, ...alsoTaken]),
      ).toEqual([]);
    },
    scaled(120_000),
  );
});
