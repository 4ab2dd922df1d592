import { randomUUID } from 'node:crypto';
import { SupportMessages } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SupportUnderTest, startSupport, ticketForm } from './harness.js';

let support: SupportUnderTest;
beforeAll(async () => {
  support = await startSupport({
    SUPPORT_ANON_TICKETS_PER_HOUR: '3',
    SUPPORT_USER_TICKETS_PER_HOUR: '6',
  });
});
afterAll(() => support.close());

const rowOf = (id: string) =>
  support.runtime.db
    .selectFrom('support_tickets')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const countTickets = async () =>
  Number(
    (
      await support.runtime.db
        .selectFrom('support_tickets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/support/create-ticket: required fields', () => {
  it.each([
    ['contactEmail', { contactEmail: '' }],
    ['contactEmail', { contactEmail: '   ' }],
    ['subject', { subject: '' }],
    ['subject', { subject: ' \n\t ' }],
    ['description', { description: '' }],
    ['description', { description: '   ' }],
    ['subject', { subject: undefined }],
    ['description', { description: null }],
  ])(
    'a blank or missing %s answers 400 with the spec message, nothing stored',
    async (field, override) => {
      const before = await countTickets();
      const res = await support
        .anonymous()
        .post('/api/support/create-ticket', ticketForm(override));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'REQUIRED_FIELDS',
        message: 'Por favor, preencha todos os campos obrigatórios',
        details: [{ field, message: 'Por favor, preencha todos os campos obrigatórios' }],
      });
      expect(await countTickets()).toBe(before);
    },
  );

  it('an empty form lists every required field; the title travels by the code', async () => {
    const res = await support.anonymous().post('/api/support/create-ticket', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUIRED_FIELDS');
    expect(res.body.details).toEqual([
      { field: 'contactEmail', message: 'Por favor, preencha todos os campos obrigatórios' },
      { field: 'subject', message: 'Por favor, preencha todos os campos obrigatórios' },
      { field: 'description', message: 'Por favor, preencha todos os campos obrigatórios' },
    ]);
    expect(SupportMessages.requiredFieldsTitle).toBe('Campos obrigatórios');
    expect(typeof res.body.requestId).toBe('string');
  });

  it('a request with no body at all is the same blank form', async () => {
    const res = await support.anonymous().call('POST', '/api/support/create-ticket');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUIRED_FIELDS');
  });
});

describe('POST /api/support/create-ticket: other validation', () => {
  it.each(['nao-e-email', 'ana@', '@clinica.test', 'ana souza@clinica.test'])(
    'a malformed email (%s) answers 400 with a pt-BR message',
    async (contactEmail) => {
      const res = await support
        .anonymous()
        .post('/api/support/create-ticket', ticketForm({ contactEmail }));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBe(
        'Informe um email válido para que possamos responder ao seu ticket.',
      );
    },
  );

  it('an unknown category is refused, naming the allowed ones', async () => {
    const res = await support
      .anonymous()
      .post('/api/support/create-ticket', ticketForm({ category: 'urgente' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Escolha uma categoria válida: general, technical, billing, feature_request ou bug_report.',
    );
  });

  it('too long a subject or description is refused with its own message', async () => {
    const subject = await support
      .anonymous()
      .post('/api/support/create-ticket', ticketForm({ subject: 'a'.repeat(201) }));
    expect(subject.status).toBe(400);
    expect(subject.body.message).toBe('O assunto deve ter no máximo 200 caracteres.');
    const description = await support
      .anonymous()
      .post('/api/support/create-ticket', ticketForm({ description: 'a'.repeat(10_001) }));
    expect(description.status).toBe(400);
    expect(description.body.message).toBe('A descrição deve ter no máximo 10.000 caracteres.');
  });
});

describe('POST /api/support/create-ticket: the created ticket', () => {
  it('anonymous: 201, status open, priority medium, userId null, address and browser kept', async () => {
    const visitor = support.anonymous('203.0.113.77');
    const res = await visitor.post(
      '/api/support/create-ticket',
      ticketForm({ category: 'bug_report', contactName: '  ' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      subject: 'Não consigo gerar o PDF',
      description: 'Ao clicar em Gerar PDF aparece um erro.',
      category: 'bug_report',
      priority: 'medium',
      status: 'open',
      contactEmail: 'paciente.contato@clinica.test',
      contactName: null,
      userId: null,
      ipAddress: '203.0.113.77',
      userAgent: 'Mozilla/5.0 (Teste)',
      assignedTo: null,
      resolution: null,
      resolutionNotes: null,
      resolvedAt: null,
    });
    const row = await rowOf(res.body.id as string);
    expect(row).toMatchObject({
      user_id: null,
      ip_address: '203.0.113.77',
      user_agent: 'Mozilla/5.0 (Teste)',
      status: 'open',
      priority: 'medium',
    });
    expect(res.body.createdAt).toBe(row.created_at.toISOString());
    expect(res.body.updatedAt).toBe(row.updated_at.toISOString());
  });

  it('signed in: the session user is recorded, whatever the contact email says', async () => {
    const user = await support.as('free');
    const res = await user.post(
      '/api/support/create-ticket',
      ticketForm({ contactEmail: 'outro.email@clinica.test', contactName: 'Dr. João' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.userId,
      contactEmail: 'outro.email@clinica.test',
      contactName: 'Dr. João',
      ipAddress: '127.0.0.1',
      userAgent: 'Mozilla/5.0 (Teste)',
    });
    expect((await rowOf(res.body.id as string)).user_id).toBe(user.userId);
  });

  it('a session that does not verify is treated as anonymous', async () => {
    const visitor = support.anonymous();
    visitor.cookie = 'pv_session=forjado.invalido';
    const res = await visitor.post('/api/support/create-ticket', ticketForm());
    expect(res.status).toBe(201);
    expect(res.body.userId).toBeNull();
  });

  it('without a category the ticket is general; text is trimmed', async () => {
    const res = await support
      .anonymous()
      .post(
        '/api/support/create-ticket',
        ticketForm({ category: undefined, subject: '  Dúvida  ', contactEmail: ' a@b.test ' }),
      );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      category: 'general',
      subject: 'Dúvida',
      contactEmail: 'a@b.test',
    });
  });
});

describe('POST /api/support/create-ticket: rate limits', () => {
  it('counts an IPv6 visitor by its /64: new addresses in the same /64 share the limit', async () => {
    const inPrefix = (host: number) => `2001:db8:77:5::${host.toString(16)}`;
    for (let i = 1; i <= 3; i++) {
      const ok = await support
        .anonymous(inPrefix(i))
        .post('/api/support/create-ticket', ticketForm());
      expect(ok.status).toBe(201);
    }
    const limited = await support
      .anonymous(inPrefix(99))
      .post('/api/support/create-ticket', ticketForm());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('TICKET_RATE_LIMITED');
    // The next /64 is another household.
    const other = await support
      .anonymous('2001:db8:77:6::1')
      .post('/api/support/create-ticket', ticketForm());
    expect(other.status).toBe(201);
  });

  it('an address gets SUPPORT_ANON_TICKETS_PER_HOUR tickets an hour, then 429 with Retry-After', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 3; i++) {
      const ok = await support.anonymous(ip).post('/api/support/create-ticket', ticketForm());
      expect(ok.status).toBe(201);
    }
    const before = await countTickets();
    const limited = await support.anonymous(ip).post('/api/support/create-ticket', ticketForm());
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: 'TICKET_RATE_LIMITED',
      message:
        'Muitos tickets enviados a partir deste endereço na última hora. Aguarde um pouco ou entre na sua conta para enviar outro.',
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await countTickets()).toBe(before);

    // Another address is not affected, and neither is a signed-in user at the same address.
    expect(
      (await support.anonymous('192.0.2.11').post('/api/support/create-ticket', ticketForm()))
        .status,
    ).toBe(201);
    const user = await support.as('free');
    const signedIn = await user.post('/api/support/create-ticket', ticketForm(), {
      'x-forwarded-for': ip,
    });
    expect(signedIn.status).toBe(201);
  });

  it('invalid forms do not use up the allowance', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < 5; i++)
      expect((await support.anonymous(ip).post('/api/support/create-ticket', {})).status).toBe(400);
    expect(
      (await support.anonymous(ip).post('/api/support/create-ticket', ticketForm())).status,
    ).toBe(201);
  });

  it('a signed-in user gets the more generous SUPPORT_USER_TICKETS_PER_HOUR, from any address', async () => {
    const user = await support.as('free', randomUUID());
    for (let i = 0; i < 6; i++) {
      const res = await user.post('/api/support/create-ticket', ticketForm(), {
        'x-forwarded-for': `192.0.2.${100 + i}`,
      });
      expect(res.status).toBe(201);
    }
    const limited = await user.post('/api/support/create-ticket', ticketForm(), {
      'x-forwarded-for': '192.0.2.200',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Você enviou muitos tickets na última hora. Aguarde um pouco antes de enviar outro.',
    );
  });
});
