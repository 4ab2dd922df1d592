import { randomUUID } from 'node:crypto';
import {
  EmailMessages,
  type EventEnvelope,
  type EventPayload,
  VerificationMessages,
} from '@pv/contracts';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyProfessionalEvent } from '../src/events/professional-consumer.js';
import {
  checkPdf,
  type DocumentsUnderTest,
  FORMATTED_NOTE,
  professionalUser,
  startDocuments,
} from './harness.js';

// docs/professional-identity.md: a signed-in caller's header is auth's profile
// (through the professionals' projection), whatever the body says; an anonymous caller's typed
// header is printed as not verified; a signed-in professional without a registry gets a blank line.

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments({}, { consumer: true });
});
afterAll(() => svc.close());

/** What a forger puts in the body: another doctor's name, registry, RQE, address and phone. */
const FORGED = {
  name: 'Dr. Falso Impostor',
  registry: 'CRM/RJ 999999',
  rqe: '99999',
  clinicAddress: 'Rua Inventada, 1 - Niterói/RJ',
  clinicPhone: '(21) 9999-9999',
};
const FORGED_BITS = ['Falso Impostor', '999999', '99999', 'Rua Inventada', '9999-9999'];
const UNVERIFIED = 'Identificação profissional não verificada';

/** The professional of these tests as auth.user.changed.v1 says: CRM/SP 123456 with an RQE. */
const WITH_RQE = { rqe: '7788' };

const AMBULATORY = {
  patientData: {
    name: 'João Guimarães',
    birthDate: '10/03/1980',
    cpf: '',
    rg: '',
    address: '',
    phone: '',
  },
  prescriptionDate: '22/11/2026',
  medications: [
    { medication: 'Losartana', dosage: '50 mg', instructions: '1 ao dia', isControlled: false },
  ],
  generalInstructions: '',
  returnDate: '',
  prescribingPhysician: { name: FORGED.name, crm: FORGED.registry, date: '22/11/2026' },
  hasControlledMedications: false,
};

const CONTROLLED = {
  patientData: { name: 'Célia Magalhães', address: 'Rua São João, 45 - Campinas/SP' },
  medications: [
    { medication: 'Sertralina 50 mg', quantity: '30', unit: 'comprimidos', posology: '1 ao dia' },
  ],
  text: '',
  date: '22/11/2026',
};

const HOSPITAL = {
  patientData: { name: 'Antônio Pereira', age: '70 anos', gender: 'Masculino', medicalRecord: '1' },
  medications: [
    {
      medication: 'Ceftriaxona 1 g',
      route: 'EV',
      dilution: '',
      schedule: '12/12h',
      observations: '',
    },
  ],
  generalObservations: '',
  prescribingPhysician: FORGED.name,
};

/** Every PDF route, each with a forged profile (and forged prescriber fields where it has them). */
const PDF_ROUTES: [string, Record<string, unknown>][] = [
  ['/api/generate-pdf', { content: 'Repouso por três dias.', title: 'Atestado Médico' }],
  ['/api/prescriptions/ambulatory/pdf', { prescription: AMBULATORY }],
  ['/api/prescriptions/controlled/pdf', { prescription: CONTROLLED }],
  [
    '/api/generate-hospital-prescription-pdf',
    { prescription: HOSPITAL, doctorName: FORGED.name, crm: FORGED.registry },
  ],
];

describe('a signed-in professional: the header is the projection of auth', () => {
  it.each(PDF_ROUTES)(
    '%s prints the profile and ignores a forged body profile',
    async (route, body) => {
      const client = await svc.as('free', { professional: WITH_RQE });
      const res = await svc.file(client, route, { ...body, profile: FORGED });
      expect(res.status).toBe(200);
      const { text } = await checkPdf(res.bytes);
      expect(text).toContain('Dra. Ana Beatriz Gonçalves');
      expect(text).toContain('CRM/SP 123456');
      expect(text).toContain('Rua das Acácias, 100 - São Paulo/SP');
      expect(text).toContain('(11) 3333-4444');
      if (route !== '/api/prescriptions/controlled/pdf') expect(text).toContain('RQE 7788');
      for (const forged of FORGED_BITS) expect(text).not.toContain(forged);
      expect(text).not.toContain(UNVERIFIED);
    },
  );

  it('the text document, the generated document and the prescriptions say the same', async () => {
    const client = await svc.as('free', { professional: WITH_RQE });
    const txt = await svc.file(client, '/api/generate-text-document', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      profile: FORGED,
    });
    const header = txt.bytes.toString('utf8');
    expect(header).toContain('Dra. Ana Beatriz Gonçalves\nCRM/SP 123456 - RQE 7788\n');
    for (const forged of FORGED_BITS) expect(header).not.toContain(forged);

    const doc = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
      profile: FORGED,
    });
    expect(doc.status).toBe(200);
    expect(doc.body.document).toContain('CRM/SP 123456 - RQE 7788');
    expect(doc.body.document).not.toContain('999999');

    const ambulatory = await client.post('/api/prescriptions/ambulatory', {
      consultationText: FORMATTED_NOTE,
      profile: FORGED,
    });
    expect(ambulatory.body.prescription).toMatchObject({
      prescribingPhysician: { name: 'Dra. Ana Beatriz Gonçalves', crm: 'CRM/SP 123456 - RQE 7788' },
    });
    const hospital = await client.post('/api/prescriptions/hospital', {
      consultationText: FORMATTED_NOTE,
      profile: FORGED,
    });
    expect(hospital.body.prescription).toMatchObject({
      prescribingPhysician: 'Dra. Ana Beatriz Gonçalves - CRM/SP 123456 - RQE 7788',
    });
    const reprocessed = await client.post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      prescription: AMBULATORY,
    });
    expect(reprocessed.status).toBe(200);
    expect(reprocessed.body.prescription).toMatchObject({
      prescribingPhysician: { name: 'Dra. Ana Beatriz Gonçalves', crm: 'CRM/SP 123456 - RQE 7788' },
    });
  });
});

describe('an anonymous caller: the typed header is marked unverified', () => {
  it('prints the typed header with the warning on the PDF and the text file', async () => {
    const anonymous = await svc.as('anonymous');
    const pdf = await svc.file(anonymous, '/api/generate-pdf', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      profile: FORGED,
    });
    expect(pdf.status).toBe(200);
    const { text } = await checkPdf(pdf.bytes);
    expect(text).toContain('Dr. Falso Impostor');
    expect(text).toContain('CRM/RJ 999999');
    expect(text).toContain(UNVERIFIED);

    // Issue 23: a visitor's RCE is refused (an unverified account is a visitor).
    const rce = await svc.file(anonymous, '/api/prescriptions/controlled/pdf', {
      prescription: CONTROLLED,
    });
    expect(rce.status).toBe(422);
    expect(JSON.parse(rce.bytes.toString('utf8'))).toMatchObject({
      code: 'PROFESSIONAL_NOT_VERIFIED',
      message: VerificationMessages.notVerifiedAnonymous,
    });

    const txt = await svc.file(anonymous, '/api/generate-text-document', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      profile: FORGED,
    });
    expect(txt.bytes.toString('utf8')).toContain(UNVERIFIED);
  });
});

describe('a signed-in professional without a registry', () => {
  const NO_REGISTRY = { professionalRegistry: null, registryNumber: null, registryUf: null };

  it('gets the document with the registry line left blank for a stamp', async () => {
    const client = await svc.as('free', { professional: NO_REGISTRY });
    const res = await svc.file(client, '/api/generate-pdf', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      profile: FORGED,
    });
    expect(res.status).toBe(200);
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain('Dra. Ana Beatriz Gonçalves');
    expect(text).toContain('Registro profissional: ________________________ (carimbo)');
    expect(text).not.toContain('CRM/');
    // Issue 23: nothing verified, so the notice too.
    expect(text).toContain(UNVERIFIED);
    for (const forged of FORGED_BITS) expect(text).not.toContain(forged);

    const rce = await svc.file(client, '/api/prescriptions/controlled/pdf', {
      prescription: CONTROLLED,
      profile: FORGED,
    });
    expect(rce.status).toBe(422);
    expect(JSON.parse(rce.bytes.toString('utf8')).code).toBe('PROFESSIONAL_NOT_VERIFIED');
  });

  it('a council without its UF counts as no registry', async () => {
    const client = await svc.as('free', { professional: { registryUf: null } });
    const res = await svc.file(client, '/api/generate-pdf', { content: 'x', title: 'Atestado' });
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain('Registro profissional: ________________________ (carimbo)');
    expect(text).not.toContain('123456');
  });

  it('one the projection does not know yet is named by the session, registry blank', async () => {
    const client = await svc.as('free', { professional: null });
    const res = await svc.file(client, '/api/generate-pdf', {
      content: 'x',
      title: 'Atestado',
      profile: FORGED,
    });
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain('Teste Usuário');
    expect(text).toContain('Registro profissional: ________________________ (carimbo)');
    expect(text).not.toContain('Falso Impostor');
  });
});

describe('issue 23: a professional whose registry and CPF are not verified yet', () => {
  const PENDING = {
    professionalVerification: { state: 'pendente' as const, verifiedCpf: null, decidedAt: null },
  };

  it('every PDF prints the profile under the notice; the RCE is refused with what to do', async () => {
    const client = await svc.as('free', { professional: PENDING });
    const res = await svc.file(client, '/api/generate-pdf', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      profile: FORGED,
    });
    expect(res.status).toBe(200);
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain('Dra. Ana Beatriz Gonçalves');
    expect(text).toContain('CRM/SP 123456');
    expect(text).toContain(UNVERIFIED);
    for (const forged of FORGED_BITS) expect(text).not.toContain(forged);

    const txt = await svc.file(client, '/api/generate-text-document', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
    });
    expect(txt.bytes.toString('utf8')).toContain(UNVERIFIED);

    for (const [route, body] of [
      ['/api/prescriptions/controlled/pdf', { prescription: CONTROLLED }],
      [
        '/api/generate-pdf',
        {
          content: 'Prescrição:\n1. Sertralina 50 mg - 30 (trinta) comprimidos\n   1 ao dia',
          title: 'Receituário de Controle Especial',
          documentType: 'controlada',
          patientName: 'Célia Magalhães',
        },
      ],
    ] as const) {
      const rce = await svc.file(client, route, body);
      expect(rce.status).toBe(422);
      expect(JSON.parse(rce.bytes.toString('utf8'))).toMatchObject({
        code: 'PROFESSIONAL_NOT_VERIFIED',
        message: VerificationMessages.notVerified,
      });
    }
  });

  it('an event from before issue 23 (no verification) reads as pendente; a verified one clears it', async () => {
    const client = await svc.as('free', { professional: null });
    const { professionalVerification: _none, ...older } = professionalUser(client.userId!);
    await svc.knowProfessional(older);
    const before = await svc.file(client, '/api/generate-pdf', { content: 'x', title: 'Atestado' });
    expect((await checkPdf(before.bytes)).text).toContain(UNVERIFIED);
    await svc.knowProfessional(professionalUser(client.userId!));
    const after = await svc.file(client, '/api/generate-pdf', { content: 'x', title: 'Atestado' });
    const { text } = await checkPdf(after.bytes);
    expect(text).toContain('CRM/SP 123456');
    expect(text).not.toContain(UNVERIFIED);
    const rce = await svc.file(client, '/api/prescriptions/controlled/pdf', {
      prescription: CONTROLLED,
    });
    expect(rce.status).toBe(200);
  });
});

describe('the professionals projection (durable consumer of auth.user.changed.v1)', () => {
  const row = (userId: string) =>
    svc.runtime.db
      .selectFrom('professionals')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  const envelope = (
    change: 'registered' | 'updated' | 'deleted',
    user: EventPayload<'auth.user.changed.v1'>['user'],
    occurredAt: Date,
  ): EventEnvelope => ({
    id: randomUUID(),
    subject: 'auth.user.changed.v1',
    occurredAt: occurredAt.toISOString(),
    payload: { change, user },
  });

  it('follows auth over NATS: a profile saved there is the next PDF header', async () => {
    const client = await svc.as('free', { professional: null });
    await svc.emit('auth.user.changed.v1', {
      change: 'updated',
      user: professionalUser(client.userId!, {
        fullName: 'Dr. Rafael Nunes',
        professionalRegistry: 'CRM',
        registryNumber: '55443',
        registryUf: 'MG',
      }),
    });
    await eventually(async () => (await row(client.userId!))?.registry_number === '55443');
    const res = await svc.file(client, '/api/generate-pdf', { content: 'x', title: 'Atestado' });
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain('Dr. Rafael Nunes');
    expect(text).toContain('CRM/MG 55443');
  });

  it('applies each event once, and an older event never overwrites a newer one', async () => {
    const id = randomUUID();
    const t0 = new Date(Date.now() - 60_000);
    const first = envelope('registered', professionalUser(id, { registryNumber: '111' }), t0);
    const second = envelope(
      'updated',
      professionalUser(id, { registryNumber: '222' }),
      new Date(t0.getTime() + 1_000),
    );
    await applyProfessionalEvent(svc.runtime.db, first);
    await applyProfessionalEvent(svc.runtime.db, second);
    // Redelivered: skipped by its id.
    await applyProfessionalEvent(svc.runtime.db, first);
    expect((await row(id))?.registry_number).toBe('222');
    // A new event id that happened earlier (late redelivery of another message): ignored.
    await applyProfessionalEvent(
      svc.runtime.db,
      envelope('updated', professionalUser(id, { registryNumber: '000' }), t0),
    );
    expect((await row(id))?.registry_number).toBe('222');
    const processed = await svc.runtime.db
      .selectFrom('processed_events')
      .select('event_id')
      .where('event_id', 'in', [first.id, second.id])
      .execute();
    expect(processed).toHaveLength(2);
  });

  it('erases the professional with the user; a late older event does not bring them back', async () => {
    const client = await svc.as('free', { professional: WITH_RQE });
    const userId = client.userId!;
    await svc.emit('auth.user.changed.v1', {
      change: 'deleted',
      user: professionalUser(userId),
    });
    // The row goes; only the kit's hashed tombstone remains (no id, no name).
    await eventually(async () => (await row(userId)) === undefined);
    await applyProfessionalEvent(
      svc.runtime.db,
      envelope('updated', professionalUser(userId), new Date(Date.now() - 3_600_000)),
    );
    expect(await row(userId)).toBeUndefined();
  });
});

describe('issue 23 item 1: an account that has not confirmed its e-mail', () => {
  it('prints as a visitor does, whatever auth verified; RCE and signing say to confirm', async () => {
    const client = await svc.as('premium', { session: { emailVerified: false } });
    const res = await svc.file(client, '/api/generate-pdf', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      profile: FORGED,
    });
    expect(res.status).toBe(200);
    const { text } = await checkPdf(res.bytes);
    expect(text).not.toContain('Dra. Ana Beatriz Gonçalves');
    expect(text).not.toContain('CRM/SP 123456');
    expect(text).toContain(UNVERIFIED);
    for (const body of [
      { prescription: CONTROLLED },
      { prescription: CONTROLLED, signature: { password: 'qualquer' } },
    ]) {
      const refused = await svc.file(client, '/api/prescriptions/controlled/pdf', body);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.bytes.toString('utf8'))).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
        message: EmailMessages.notVerified,
      });
    }
    const signed = await svc.file(client, '/api/generate-pdf', {
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      signature: { password: 'qualquer' },
    });
    expect(signed.status).toBe(403);
    expect(JSON.parse(signed.bytes.toString('utf8')).code).toBe('EMAIL_NOT_VERIFIED');
  });
});
