import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { DocumentGeneratedPayload, FormattedNote } from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhirPath, validationErrors } from './fhir-r4.js';
import { collectEvents, type DocumentsUnderTest, startDocuments } from './harness.js';

// Issue 28 items 3 and 4: the note as a FHIR R4 document Bundle, validated with medplum against
// the R4 base definitions (the Bundle and every entry: 0 errors) and read back with medplum's
// FHIRPath parser. The walkthrough note is the formatting service's offline note of the issue's
// dictation (fixtures/walkthrough-note.json; the formatting tests check the same record).

const WALKTHROUGH = JSON.parse(
  readFileSync(new URL('./fixtures/walkthrough-note.json', import.meta.url), 'utf8'),
) as { dictation: string; note: FormattedNote };

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const exportFhir = async (
  body: Record<string, unknown>,
  client?: { cookie?: string | undefined },
) => {
  const res = await fetch(`${svc.url}/api/export/fhir`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(client?.cookie ? { cookie: client.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
};

const path = (bundle: Bundle, expression: string) => fhirPath(bundle, expression);

describe('POST /api/export/fhir', () => {
  it("exports the walkthrough dictation's note as a valid document Bundle with every stated fact", async () => {
    const res = await exportFhir({ note: WALKTHROUGH.note });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/fhir+json');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="nota-fhir-/);
    const bundle = JSON.parse(res.text) as Bundle;

    // medplum's R4 validator: the Bundle (its invariants: document, identifier, Composition
    // first) and each entry on its own, 0 errors.
    expect(validationErrors(bundle)).toEqual([]);
    for (const entry of bundle.entry ?? [])
      expect(validationErrors(entry.resource as Resource)).toEqual([]);
    // The validator does fail: a document Bundle without its identifier (bdl-9), an Observation
    // without its status.
    expect(validationErrors({ ...bundle, identifier: undefined } as Bundle)).not.toEqual([]);
    expect(
      validationErrors({ resourceType: 'Observation', code: { text: 'x' } } as Resource),
    ).not.toEqual([]);
    expect(bundle.type).toBe('document');
    expect(bundle.entry?.[0]?.resource?.resourceType).toBe('Composition');

    // Read back through medplum's FHIRPath parser.
    expect(
      path(
        bundle,
        'Bundle.entry.resource.ofType(MedicationStatement).medicationCodeableConcept.text',
      ),
    ).toEqual(['losartana', 'metformina']);
    expect(path(bundle, 'Bundle.entry.resource.ofType(MedicationStatement).dosage.text')).toEqual([
      'Losartana 50 mg',
      'Metformina 850 mg duas vezes ao dia',
    ]);
    expect(
      path(bundle, 'Bundle.entry.resource.ofType(MedicationRequest).dosageInstruction.text'),
    ).toEqual(['Losartana 100 mg ao dia']);
    expect(path(bundle, 'Bundle.entry.resource.ofType(MedicationRequest).status')).toEqual([
      'active',
    ]);
    const bp = path(
      bundle,
      "Bundle.entry.resource.ofType(Observation).where(code.coding.code = '85354-9').component",
    ) as { code: { coding: { code: string }[] }; valueQuantity: Record<string, unknown> }[];
    expect(bp.map((c) => [c.code.coding[0]?.code, c.valueQuantity])).toEqual([
      [
        '8480-6',
        { value: 160, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
      ],
      [
        '8462-4',
        { value: 100, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
      ],
    ]);
    expect(
      path(
        bundle,
        "Bundle.entry.resource.ofType(Observation).where(code.coding.code = '8867-4').valueQuantity",
      ),
    ).toEqual([{ value: 88, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' }]);
    expect(
      path(
        bundle,
        "Bundle.entry.resource.ofType(Observation).where(code.coding.code = '41653-7').valueQuantity",
      ),
    ).toEqual([{ value: 210, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' }]);
    expect(path(bundle, 'Bundle.entry.resource.ofType(ServiceRequest).code.text')).toEqual([
      'hemoglobina glicada',
      'creatinina',
      'potássio',
    ]);

    // Nothing the dictation did not state: no allergy, no signed document, no patient name.
    expect(path(bundle, 'Bundle.entry.resource.ofType(AllergyIntolerance)')).toEqual([]);
    expect(path(bundle, 'Bundle.entry.resource.ofType(DocumentReference)')).toEqual([]);
    expect(path(bundle, 'Bundle.entry.resource.ofType(Patient).name')).toEqual([]);
    expect(path(bundle, 'Bundle.entry.resource.ofType(Patient).gender')).toEqual(['male']);

    // The Composition's sections are the note's headings, each with its narrative; the drugs in
    // use are the entries of their own section.
    const sections = path(bundle, 'Bundle.entry.resource.ofType(Composition).section') as {
      title: string;
      text: { div: string };
      entry?: { reference: string }[];
    }[];
    expect(sections.map((s) => s.title)).toEqual(WALKTHROUGH.note.sections.map((s) => s.heading));
    const inUse = sections.find((s) => s.title === 'Medicações em Uso');
    expect(inUse?.text.div).toContain('<p>- Losartana 50 mg</p>');
    const statementUrls = (bundle.entry ?? [])
      .filter((e) => e.resource?.resourceType === 'MedicationStatement')
      .map((e) => e.fullUrl);
    expect(inUse?.entry?.map((e) => e.reference)).toEqual(statementUrls);

    // A visitor's Practitioner: no registry, said not verified.
    expect(path(bundle, 'Bundle.entry.resource.ofType(Practitioner).meta.tag.code')).toEqual([
      'unverified',
    ]);
  });

  it("names a signed-in professional's council registry, counts the export and keeps nothing", async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-fhir');
    const events = await collectEvents(nc, `test-fhir-${randomBytes(4).toString('hex')}`, [
      'document.generated.v1',
    ]);
    try {
      const client = await svc.as('free');
      const res = await exportFhir(
        {
          note: WALKTHROUGH.note,
          // Ignored for a signed-in caller: the account's registry is the one exported.
          profile: { name: 'Dr. Falso', registry: 'CRM/RJ 999999' },
        },
        client,
      );
      expect(res.status).toBe(200);
      const bundle = JSON.parse(res.text) as Bundle;
      expect(validationErrors(bundle)).toEqual([]);
      const practitioner = path(bundle, 'Bundle.entry.resource.ofType(Practitioner)')[0] as {
        identifier: { type: { text: string }; value: string }[];
        meta: { tag: { code: string }[] };
      };
      expect(practitioner.identifier.map((i) => [i.type.text, i.value])).toEqual([
        ['CRM/SP', '123456'],
      ]);
      expect(res.text).not.toContain('999999');
      // The registry is the account's, verified (the harness's professional is verified).
      expect(practitioner.meta.tag.map((t) => t.code)).toEqual(['verified']);
      const event = await events.waitFor(
        (e) => (e.payload as DocumentGeneratedPayload).userId === client.userId,
      );
      expect(event.payload).toMatchObject({
        userId: client.userId,
        documentType: 'fhir_bundle',
        format: 'fhir',
      });
      // Built on request: nothing of the export is kept.
      const kept = await svc.runtime.db
        .selectFrom('signed_documents')
        .select('id')
        .where('user_id', '=', client.userId!)
        .execute();
      expect(kept).toEqual([]);
    } finally {
      await events.stop();
      await nc.close();
    }
  });

  it('says a registry still pending verification is unverified', async () => {
    const client = await svc.as('free', {
      professional: {
        professionalVerification: { state: 'pendente', verifiedCpf: null, decidedAt: null },
      },
    });
    const res = await exportFhir({ note: WALKTHROUGH.note }, client);
    expect(res.status).toBe(200);
    const bundle = JSON.parse(res.text) as Bundle;
    expect(validationErrors(bundle)).toEqual([]);
    expect(path(bundle, 'Bundle.entry.resource.ofType(Practitioner).meta.tag.code')).toEqual([
      'unverified',
    ]);
  });

  it("refuses a signed document that is not the caller's, with a message a person can act on", async () => {
    const client = await svc.as('free');
    const res = await exportFhir(
      { note: WALKTHROUGH.note, signedDocumentId: randomUUID() },
      client,
    );
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text).message).toBe(
      'O documento assinado não foi encontrado entre os seus documentos válidos. Exporte sem ele ou assine o documento novamente.',
    );
  });

  it('refuses a body without a note (400, the one error shape)', async () => {
    const res = await exportFhir({ signedDocumentId: 'x' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toHaveProperty('message');
  });

  it('exports a note without a record as its narrative only, still valid', async () => {
    const { record: _record, ...note } = WALKTHROUGH.note;
    const res = await exportFhir({ note });
    expect(res.status).toBe(200);
    const bundle = JSON.parse(res.text) as Bundle;
    expect(validationErrors(bundle)).toEqual([]);
    expect(path(bundle, 'Bundle.entry.resource.ofType(Observation)')).toEqual([]);
    expect(path(bundle, 'Bundle.entry.resource.ofType(Composition).section.title')).toContain(
      'Medicações em Uso',
    );
  });
});
