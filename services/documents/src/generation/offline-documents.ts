import type { CertificateOptions, DocumentType, ProfessionalProfile } from '@pv/contracts';
import { numberToWords } from '@pv/pt-text';
import type { Consultation } from './consultation.js';
import { effectiveControl } from './controlled-drugs.js';
import { formatDateBr } from './dates.js';
import {
  ambulatoryFromConsultation,
  ambulatoryText,
  controlledFromConsultation,
  controlledText,
  hospitalFromConsultation,
  hospitalText,
  requiredNotifications,
} from './prescriptions.js';

/** A document before rendering: its title and headed sections. */
export interface DocumentDraft {
  title: string;
  sections: { heading: string; content: string }[];
}

export const DOCUMENT_TITLES: Record<DocumentType, string> = {
  receituario: 'Receituário',
  hospitalar: 'Prescrição Hospitalar',
  ambulatorial: 'Prescrição Ambulatorial',
  controlada: 'Receituário de Controle Especial',
  atestado_medico: 'Atestado Médico',
  orientacoes_paciente: 'Orientações ao Paciente',
  orientacoes_enfermagem: 'Orientações de Enfermagem',
  pedido_exames: 'Solicitação de Exames',
  resumo_consulta: 'Resumo da Consulta',
  plano_alimentar: 'Plano Alimentar',
};

export interface DocumentInput {
  documentType: DocumentType;
  consultation: Consultation;
  profile: ProfessionalProfile;
  additionalContext: string;
  certificate: CertificateOptions;
}

const orDash = (v: string) => v || 'Não informado';
/** The prescription texts start with their own title, which the document already has. */
const withoutTitle = (text: string) => text.split('\n').slice(1).join('\n').trim();
const bullets = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

/** The patient's identification block of the offline documents. */
export function patientSection(c: Consultation) {
  const parts = [`Nome: ${orDash(c.patient.name)}`];
  if (c.patient.age) parts.push(`Idade: ${c.patient.age}`);
  if (c.patient.gender) parts.push(`Sexo: ${c.patient.gender}`);
  return { heading: 'Paciente', content: parts.join('\n') };
}

/** The signature block every generated document ends with: date, line, name and registry. */
export function signature(profile: ProfessionalProfile) {
  return {
    heading: 'Assinatura',
    content: [
      `Data: ${formatDateBr()}`,
      '',
      '______________________________________',
      profile.name || 'Profissional responsável',
      profile.registry || '',
    ]
      .filter((l, i) => i < 4 || l)
      .join('\n'),
  };
}

function medicationLines(c: Consultation): string {
  if (c.medications.length === 0) return 'Nenhum medicamento prescrito nesta consulta.';
  return c.medications
    .map(
      (m, i) =>
        `${i + 1}. ${[m.name, m.dosage].filter(Boolean).join(' ')}${m.instructions ? `\n   ${m.instructions}` : ''}`,
    )
    .join('\n');
}

function certificate(input: DocumentInput): DocumentDraft {
  const { consultation: c, profile, certificate: options } = input;
  const days = options.daysOff ?? c.daysOff ?? 0;
  const who = c.patient.name || '____________________';
  const leave =
    days > 0
      ? `necessitando de ${days} (${numberToWords(days)}) dia${days > 1 ? 's' : ''} de afastamento de suas atividades a partir de ${formatDateBr()}.`
      : 'sem necessidade de afastamento de suas atividades.';
  const sections = [
    {
      heading: 'Atestado',
      content: `Atesto, para os devidos fins, que ${who} foi atendido(a) por mim nesta data, ${leave}`,
    },
  ];
  // CFM Res. 2.381/2024 (which revoked 1.658/2002): diagnosis or CID only at the patient's
  // request (or for just cause / a legal duty, which a generated document cannot know).
  const cid = options.cid?.trim() || c.cid;
  if (options.diagnosisAuthorized && (cid || c.diagnosis)) {
    sections.push({
      heading: 'Diagnóstico',
      content: `${cid ? `CID-10: ${cid}` : c.diagnosis}\nInformado a pedido e com autorização expressa do(a) paciente.`,
    });
  }
  sections.push(signature(profile));
  return { title: DOCUMENT_TITLES.atestado_medico, sections };
}

const WARNING_SIGNS =
  'Procure atendimento imediatamente em caso de febre persistente, falta de ar, dor intensa, desmaio, sangramento ou piora importante dos sintomas.';

/** The receituário's note about the controlled drugs of the consultation it leaves out. */
export const controlledLeftOut = (count: number) =>
  count === 1
    ? '1 medicamento controlado da consulta (Portaria SVS/MS 344/98) não foi incluído nesta receita: prescreva-o no documento "Receituário Controlado" ou na notificação exigida.'
    : `${count} medicamentos controlados da consulta (Portaria SVS/MS 344/98) não foram incluídos nesta receita: prescreva-os no documento "Receituário Controlado" ou na notificação exigida.`;

/** The offline document of each type, built from the note's own content. */
export function buildOfflineDocument(input: DocumentInput): DocumentDraft {
  const { consultation: c, profile, additionalContext } = input;
  const context = additionalContext
    ? [{ heading: 'Informações adicionais', content: additionalContext }]
    : [];
  switch (input.documentType) {
    case 'receituario': {
      // A simple prescription never carries a controlled drug (table OR flag): those are left
      // out of the list and named below with the form each needs.
      const isControlled = (m: Consultation['medications'][number]) =>
        effectiveControl({ medication: m.text }).controlled;
      const controlled = c.medications.filter(isControlled);
      const simple = { ...c, medications: c.medications.filter((m) => !isControlled(m)) };
      return {
        title: DOCUMENT_TITLES.receituario,
        sections: [
          patientSection(c),
          { heading: 'Uso', content: medicationLines(simple) },
          ...(controlled.length
            ? [
                {
                  heading: 'Atenção',
                  // Not named: the receituário's PDF refuses any controlled drug it names.
                  content: controlledLeftOut(controlled.length),
                },
              ]
            : []),
          ...(c.observations ? [{ heading: 'Orientações', content: c.observations }] : []),
          signature(profile),
        ],
      };
    }
    case 'hospitalar':
      return {
        title: DOCUMENT_TITLES.hospitalar,
        sections: [
          {
            heading: 'Prescrição',
            content: withoutTitle(hospitalText(hospitalFromConsultation(c, profile))),
          },
          signature(profile),
        ],
      };
    case 'ambulatorial': {
      // A simple prescription too: its controlled drugs are left out and counted, not named.
      const prescription = ambulatoryFromConsultation(c, profile);
      const controlled = prescription.medications.filter((m) => m.isControlled).length;
      const simple = {
        ...prescription,
        medications: prescription.medications.filter((m) => !m.isControlled),
        hasControlledMedications: false,
      };
      return {
        title: DOCUMENT_TITLES.ambulatorial,
        sections: [
          { heading: 'Prescrição', content: withoutTitle(ambulatoryText(simple)) },
          ...(controlled ? [{ heading: 'Atenção', content: controlledLeftOut(controlled) }] : []),
          signature(profile),
        ],
      };
    }
    case 'controlada': {
      const prescription = controlledFromConsultation(c);
      const refusals = requiredNotifications(prescription);
      return {
        title: DOCUMENT_TITLES.controlada,
        sections: [
          { heading: 'Prescrição', content: withoutTitle(controlledText(prescription)) },
          ...(refusals.length
            ? [{ heading: 'Atenção', content: refusals.map((r) => r.message).join('\n') }]
            : []),
          signature(profile),
        ],
      };
    }
    case 'atestado_medico':
      return certificate(input);
    case 'orientacoes_paciente':
      return {
        title: DOCUMENT_TITLES.orientacoes_paciente,
        sections: [
          patientSection(c),
          ...(c.diagnosis ? [{ heading: 'O que foi avaliado', content: c.diagnosis }] : []),
          { heading: 'Seus medicamentos', content: medicationLines(c) },
          {
            heading: 'Cuidados em casa',
            content:
              c.observations ||
              'Siga as orientações desta folha e tome os medicamentos nos horários indicados.',
          },
          { heading: 'Sinais de alerta', content: WARNING_SIGNS },
          {
            heading: 'Retorno',
            content: c.returnIn
              ? `Retorno em ${c.returnIn}.`
              : 'Retorne conforme combinado na consulta.',
          },
          ...context,
          signature(profile),
        ],
      };
    case 'orientacoes_enfermagem':
      return {
        title: DOCUMENT_TITLES.orientacoes_enfermagem,
        sections: [
          patientSection(c),
          { heading: 'Diagnóstico', content: orDash(c.diagnosis) },
          { heading: 'Medicações e administração', content: medicationLines(c) },
          {
            heading: 'Monitoramento',
            content: bullets([
              'Aferir e registrar sinais vitais (PA, FC, FR, temperatura, SpO2) a cada plantão ou conforme prescrição.',
              'Observar e registrar efeitos adversos das medicações.',
              'Comunicar ao médico alterações importantes do quadro.',
            ]),
          },
          { heading: 'Cuidados', content: c.observations || c.plan || 'Não informado' },
          ...context,
          signature(profile),
        ],
      };
    case 'pedido_exames':
      return {
        title: DOCUMENT_TITLES.pedido_exames,
        sections: [
          patientSection(c),
          {
            heading: 'Exames solicitados',
            content: c.exams.length ? bullets(c.exams) : 'Não informado',
          },
          {
            heading: 'Indicação clínica',
            content:
              [c.diagnosis, c.cid && !c.diagnosis.includes(c.cid) ? `CID-10: ${c.cid}` : '']
                .filter(Boolean)
                .join('\n') || 'Não informado',
          },
          signature(profile),
        ],
      };
    case 'resumo_consulta':
      return {
        title: DOCUMENT_TITLES.resumo_consulta,
        sections: [
          patientSection(c),
          { heading: 'Motivo da consulta', content: orDash(c.complaint) },
          ...(c.history ? [{ heading: 'História', content: c.history }] : []),
          ...(c.exam ? [{ heading: 'Exame físico', content: c.exam }] : []),
          { heading: 'Hipótese diagnóstica', content: orDash(c.diagnosis) },
          { heading: 'Conduta', content: orDash(c.plan) },
          ...(c.returnIn ? [{ heading: 'Retorno', content: c.returnIn }] : []),
          signature(profile),
        ],
      };
    case 'plano_alimentar':
      return {
        title: DOCUMENT_TITLES.plano_alimentar,
        sections: [
          patientSection(c),
          {
            heading: 'Objetivo',
            content: c.diagnosis
              ? `Apoiar o tratamento de: ${c.diagnosis}`
              : 'Alimentação equilibrada e saudável.',
          },
          {
            heading: 'Refeições',
            content: bullets([
              'Café da manhã: fruta, fonte de proteína (ovo, leite ou iogurte) e pão ou cereal integral.',
              'Lanche da manhã: uma fruta ou um punhado de oleaginosas.',
              'Almoço: metade do prato com verduras e legumes, arroz e feijão, uma porção de carne magra, frango, peixe ou ovos.',
              'Lanche da tarde: iogurte natural ou fruta.',
              'Jantar: semelhante ao almoço, em porção menor.',
              'Ceia (se necessário): chá sem açúcar ou leite.',
            ]),
          },
          {
            heading: 'Hidratação',
            content: 'Beber de 2 a 2,5 litros de água por dia, salvo orientação diferente.',
          },
          {
            heading: 'Recomendações',
            content: [
              c.observations,
              'Evitar alimentos ultraprocessados, frituras, refrigerantes e excesso de sal e açúcar.',
            ]
              .filter(Boolean)
              .join('\n'),
          },
          ...context,
          signature(profile),
        ],
      };
  }
}

/** The text the clinician reads and edits: the title, then each heading in capitals. */
export function renderDraft(draft: DocumentDraft): string {
  const lines = [draft.title.toLocaleUpperCase('pt-BR')];
  for (const s of draft.sections) lines.push('', s.heading.toLocaleUpperCase('pt-BR'), s.content);
  return lines.join('\n');
}
