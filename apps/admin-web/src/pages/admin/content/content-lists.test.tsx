import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, uuid } from '../../../test/fixtures';
import { type CannedResponse, jsonResponses, renderAt } from '../../../test/render';
import AiTemplatesTab from './ai-templates-tab';
import InstructionsTab from './instructions-tab';
import MarketingTab from './marketing-tab';
import MedicalTermsTab from './medical-terms-tab';
import TemplatesTab from './templates-tab';
import TermsTab from './terms-tab';

const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
const failure = (message: string): [number, unknown] => [
  400,
  { statusCode: 400, code: 'VALIDATION_FAILED', message },
];

function setup(table: Record<string, CannedResponse>) {
  const fetchFn = jsonResponses({ ...asAdmin, ...table });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

const toast = () => screen.findByTestId('toast');
/** Fast text entry for long values (typing char by char is slow in jsdom). */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('admin content lists', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('Templates', () => {
    const template = {
      id: uuid(),
      professional: 'nutricionista',
      name: 'Nutrição padrão',
      prompt: `${'p'.repeat(200)}XYZ`,
      ...stamps,
    };

    it('previews 200 characters of the prompt', async () => {
      setup({ 'GET /api/admin/templates': [200, [template]] });
      renderAt(<TemplatesTab />);
      const body = await screen.findByTestId('content-body');
      expect(body).toHaveTextContent(`${'p'.repeat(200)}...`);
      expect(body.textContent).not.toContain('XYZ');
      expect(screen.getByText('Nutricionista')).toBeInTheDocument();
    });

    it("requires professional, name and prompt; 'Erro ao criar template' on failure", async () => {
      const fetchFn = setup({
        'GET /api/admin/templates': [200, []],
        'POST /api/admin/templates': failure('Informe o prompt do template.'),
      });
      renderAt(<TemplatesTab />);
      expect(await screen.findByText('Nenhum template cadastrado')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Novo Template' }));
      const dialog = await screen.findByRole('dialog');
      const create = within(dialog).getByRole('button', { name: 'Criar' });
      fill(within(dialog).getByLabelText(/Nome/), 'Meu template');
      fill(within(dialog).getByLabelText(/Prompt/), 'Escreva a nota');
      expect(create).toBeDisabled();
      await userEvent.click(within(dialog).getByRole('combobox', { name: /Profissional/ }));
      // Exactly the ten template specialties.
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
        'Médico de Família',
        'Médico de Família (personalizado)',
        'Médico Ambulatorial',
        'Médico do Trabalho',
        'Enfermeira',
        'Técnico de Enfermagem',
        'Nutricionista',
        'Assistente Social',
        'Psiquiatria',
        'Psicoterapia',
      ]);
      await userEvent.click(await screen.findByRole('option', { name: 'Psiquiatria' }));
      expect(create).toBeEnabled();
      fill(within(dialog).getByLabelText(/Prompt/), '   ');
      expect(create).toBeDisabled();
      fill(within(dialog).getByLabelText(/Prompt/), 'Escreva a nota');
      await userEvent.click(create);
      const shown = await toast();
      expect(shown).toHaveTextContent('Erro ao criar template');
      expect(shown).toHaveTextContent('Informe o prompt do template.');
      expect(fetchFn.calls.find((c) => c.method === 'POST')?.body).toEqual({
        professional: 'psiquiatria',
        name: 'Meu template',
        prompt: 'Escreva a nota',
      });
    });

    it("'Erro ao atualizar template' and 'Erro ao deletar template' on failures", async () => {
      setup({
        'GET /api/admin/templates': [200, [template]],
        [`PUT /api/admin/templates/${template.id}`]: failure('Falhou a edição.'),
        [`DELETE /api/admin/templates/${template.id}`]: failure('Falhou a exclusão.'),
      });
      renderAt(<TemplatesTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Nutrição padrão' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await toast()).toHaveTextContent('Erro ao atualizar template');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await userEvent.click(screen.getByRole('button', { name: 'Excluir Nutrição padrão' }));
      const confirm = await screen.findByRole('dialog');
      expect(confirm).toHaveTextContent('Esta ação não pode ser desfeita.');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      await waitFor(async () =>
        expect(await toast()).toHaveTextContent('Erro ao deletar template'),
      );
      expect(await toast()).toHaveTextContent('Falhou a exclusão.');
    });
  });

  describe('Termos Médicos', () => {
    it("shows 'Sem categoria', requires the term, 'Erro ao criar termo médico'", async () => {
      const fetchFn = setup({
        'GET /api/admin/medical-terms': [
          200,
          [
            { id: uuid(), term: 'Dipirona', category: 'medication', createdAt: stamps.createdAt },
            { id: uuid(), term: 'Cefaleia', category: null, createdAt: stamps.createdAt },
          ],
        ],
        'POST /api/admin/medical-terms': failure('Já existe.'),
      });
      renderAt(<MedicalTermsTab />);
      expect(await screen.findByText('Sem categoria')).toBeInTheDocument();
      expect(screen.getByText('Medicamento')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Novo Termo Médico' }));
      const dialog = await screen.findByRole('dialog');
      const create = within(dialog).getByRole('button', { name: 'Criar' });
      expect(create).toBeDisabled();
      fill(within(dialog).getByLabelText(/Termo/), 'Amoxicilina');
      await userEvent.click(create);
      const shown = await toast();
      expect(shown).toHaveTextContent('Erro ao criar termo médico');
      expect(shown).toHaveTextContent('Já existe.');
      expect(fetchFn.calls.find((c) => c.method === 'POST')?.body).toEqual({
        term: 'Amoxicilina',
        category: null,
      });
    });
  });

  describe('Instruções', () => {
    it('title and content non-blank, displayOrder >= 0 and blank falls back to 0', async () => {
      const fetchFn = setup({
        'GET /api/admin/system-instructions': [200, []],
        'POST /api/admin/system-instructions': failure('Erro do servidor.'),
      });
      renderAt(<InstructionsTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Nova Instrução' }));
      const dialog = await screen.findByRole('dialog');
      const create = within(dialog).getByRole('button', { name: 'Criar' });
      fill(within(dialog).getByLabelText(/Título/), 'Tom');
      fill(within(dialog).getByLabelText(/Conteúdo/), '  ');
      expect(create).toBeDisabled();
      fill(within(dialog).getByLabelText(/Conteúdo/), 'Use linguagem formal.');
      expect(create).toBeEnabled();
      fill(within(dialog).getByLabelText('Ordem de exibição'), '-1');
      expect(dialog).toHaveTextContent('A ordem de exibição deve ser maior ou igual a 0');
      expect(create).toBeDisabled();
      fill(within(dialog).getByLabelText('Ordem de exibição'), '');
      expect(create).toBeEnabled();
      await userEvent.click(create);
      expect(await toast()).toHaveTextContent('Erro ao criar instrução');
      expect(fetchFn.calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Tom',
        content: 'Use linguagem formal.',
        displayOrder: 0,
        isActive: true,
      });
    });
  });

  describe('Templates IA', () => {
    it("defaults to professional_prompt; 'Erro ao criar template de IA'", async () => {
      const fetchFn = setup({
        'GET /api/ai-templates': [200, []],
        'POST /api/ai-templates': failure('Chave em uso.'),
      });
      renderAt(<AiTemplatesTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Novo Template de IA' }));
      const dialog = await screen.findByRole('dialog');
      fill(within(dialog).getByLabelText(/Chave/), 'soap');
      fill(within(dialog).getByLabelText(/^Nome/), 'SOAP');
      fill(within(dialog).getByLabelText(/Prompt/), 'Formate em SOAP');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
      expect(await toast()).toHaveTextContent('Erro ao criar template de IA');
      expect(fetchFn.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        templateKey: 'soap',
        templateType: 'professional_prompt',
        name: 'SOAP',
      });
    });
  });

  describe('Templates IA: which code path each type feeds', () => {
    const aiTemplate = (templateType: string, templateKey: string, name: string) => ({
      id: uuid(),
      templateKey,
      templateType,
      name,
      category: null,
      description: null,
      prompt: '# Atestado',
      isActive: true,
      isSystemDefault: false,
      ...stamps,
    });

    it('each item says whether it feeds document generation or formatting', async () => {
      setup({
        'GET /api/ai-templates': [
          200,
          [
            aiTemplate('document_template', 'atestado_medico', 'Atestado da clínica'),
            aiTemplate('formatting_prompt', 'nutricionista', 'Nutrição resumida'),
          ],
        ],
      });
      renderAt(<AiTemplatesTab />);
      expect(await screen.findByText('Atestado da clínica')).toBeInTheDocument();
      expect(screen.getByText('Usado na geração de documentos')).toBeInTheDocument();
      expect(screen.getByText('Usado na formatação')).toBeInTheDocument();
    });

    it('the type field explains its code path; a document template is keyed by the document type', async () => {
      const fetchFn = setup({
        'GET /api/ai-templates': [200, []],
        'POST /api/ai-templates': failure('Chave em uso.'),
      });
      renderAt(<AiTemplatesTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Novo Template de IA' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(
        'Usado na formatação da nota da especialidade indicada na chave (ex.: medico_familia), quando não há prompt de formatação para ela.',
      );
      await userEvent.click(within(dialog).getByRole('combobox', { name: /Tipo/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Modelo de documento' }));
      expect(dialog).toHaveTextContent(
        'Usado na geração de documentos do tipo indicado na chave (ex.: atestado_medico): com IA, o modelo segue este texto; sem IA, os títulos (linhas "# Título") ordenam o documento e o texto abaixo de cada título é incluído. Paciente, data e assinatura do profissional são sempre mantidos.',
      );
      fill(within(dialog).getByLabelText(/Chave/), 'atestado_medico');
      fill(within(dialog).getByLabelText(/^Nome/), 'Atestado da clínica');
      fill(within(dialog).getByLabelText(/Prompt/), '# Atestado');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
      await toast();
      expect(fetchFn.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        templateKey: 'atestado_medico',
        templateType: 'document_template',
      });
    });
  });

  describe('Termos', () => {
    it("marks the active version; 'Erro ao criar versão dos termos'", async () => {
      setup({
        'GET /api/admin/terms': [
          200,
          [
            {
              id: uuid(),
              version: '2.0',
              title: 'Termos de Uso',
              content: 'Conteúdo',
              isActive: true,
              effectiveDate: '2026-11-01T00:00:00.000Z',
              ...stamps,
            },
          ],
        ],
        'POST /api/admin/terms': failure('Já existe uma versão dos termos com este número.'),
      });
      renderAt(<TermsTab />);
      expect(await screen.findByText('Versão 2.0 — Termos de Uso')).toBeInTheDocument();
      expect(screen.getByText('Ativa')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Nova Versão dos Termos' }));
      const dialog = await screen.findByRole('dialog');
      fill(within(dialog).getByLabelText(/Versão \*/), '2.0');
      fill(within(dialog).getByLabelText(/Título/), 'Termos');
      fill(within(dialog).getByLabelText(/Conteúdo/), 'Texto');
      await userEvent.click(within(dialog).getByRole('switch', { name: 'Versão ativa' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
      const shown = await toast();
      expect(shown).toHaveTextContent('Erro ao criar versão dos termos');
      expect(shown).toHaveTextContent('Já existe uma versão dos termos com este número.');
    });
  });

  describe('Mensagens', () => {
    const message = {
      id: uuid(),
      type: 'premium',
      title: 'Seja Premium',
      message: 'Sem limites',
      displayOrder: 2,
      isActive: true,
      ...stamps,
    };

    it('defaults to signup, blank displayOrder falls back to 0', async () => {
      const fetchFn = setup({
        'GET /api/admin/marketing-messages': [200, [message]],
        'POST /api/admin/marketing-messages': [201, { ...message, id: uuid() }],
      });
      renderAt(<MarketingTab />);
      expect(await screen.findByText('Seja Premium')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Nova Mensagem' }));
      const dialog = await screen.findByRole('dialog');
      fill(within(dialog).getByLabelText(/Título/), 'Crie sua conta');
      fill(within(dialog).getByLabelText(/^Mensagem/), 'É grátis');
      fill(within(dialog).getByLabelText('Ordem de exibição'), '');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
      await waitFor(() => expect(fetchFn.calls.some((c) => c.method === 'POST')).toBe(true));
      expect(fetchFn.calls.find((c) => c.method === 'POST')?.body).toEqual({
        type: 'signup',
        title: 'Crie sua conta',
        message: 'É grátis',
        displayOrder: 0,
        isActive: true,
      });
    });

    it("'Erro ao deletar mensagem de marketing' when delete fails", async () => {
      setup({
        'GET /api/admin/marketing-messages': [200, [message]],
        [`DELETE /api/admin/marketing-messages/${message.id}`]: failure('Não encontrada.'),
      });
      renderAt(<MarketingTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Excluir Seja Premium' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }),
      );
      expect(await toast()).toHaveTextContent('Erro ao deletar mensagem de marketing');
    });
  });
});
