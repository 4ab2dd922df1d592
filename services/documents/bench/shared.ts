import type { AmbulatoryPrescription } from '@pv/contracts';
import type { PdfHeader } from '../src/pdf/jobs.js';

export const HEADER: PdfHeader = {
  status: 'verified',
  name: 'Dra. Ana Beatriz Gonçalves',
  registry: 'CRM/SP 123456',
  rqe: '',
  clinicAddress: 'Rua das Acácias, 100 - São Paulo/SP',
  clinicPhone: '(11) 3333-4444',
};

const DRUGS = ['Losartana', 'Metformina', 'Sinvastatina', 'Omeprazol', 'Ácido acetilsalicílico'];

/** An ambulatory prescription long enough for two A4 pages. */
export const TWO_PAGE_PRESCRIPTION: AmbulatoryPrescription = {
  patientData: {
    name: 'João Guimarães da Conceição',
    birthDate: '10/03/1960',
    cpf: '123.456.789-00',
    rg: '12.345.678-9',
    address: 'Av. Paulista, 1000, apto 52 - São Paulo/SP',
    phone: '(11) 99999-0000',
  },
  prescriptionDate: '22/11/2026',
  medications: Array.from({ length: 16 }, (_, i) => ({
    medication: `${DRUGS[i % DRUGS.length]}`,
    dosage: `${(i + 1) * 10} mg`,
    instructions:
      'Tomar 1 comprimido por via oral após o café da manhã, todos os dias, sem interrupção; em caso de esquecimento, não dobrar a dose seguinte.',
    isControlled: false,
  })),
  generalInstructions:
    'Manter dieta com pouco sal e açúcar, caminhar 30 minutos por dia e medir a pressão arterial duas vezes por semana.',
  returnDate: '22/02/2027',
  prescribingPhysician: { name: HEADER.name, crm: HEADER.registry, date: '22/11/2026' },
  hasControlledMedications: false,
};

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same prescription as the HTML a Chromium-based renderer would print. */
export function prescriptionHtml(p: AmbulatoryPrescription): string {
  const d = p.patientData;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><style>
  @page { size: A4; }
  body { font-family: Roboto, 'DejaVu Sans', sans-serif; font-size: 10.5pt; line-height: 1.25; }
  h1 { font-size: 15pt; text-align: center; margin: 0 0 12pt; }
  h2 { font-size: 11pt; color: #1f4e79; margin: 10pt 0 3pt; }
  ol li { margin-bottom: 6pt; } .sig { margin-top: 30pt; text-align: center; }
  </style></head><body>
  <h1>Receituário</h1>
  <p><b>Paciente:</b> ${esc(d.name)}<br><b>Data de nascimento:</b> ${esc(d.birthDate)}<br>
  <b>CPF:</b> ${esc(d.cpf)}<br><b>RG:</b> ${esc(d.rg)}<br><b>Endereço:</b> ${esc(d.address)}<br>
  <b>Telefone:</b> ${esc(d.phone)}</p>
  <h2>PRESCRIÇÃO</h2><ol>${p.medications
    .map((m) => `<li><b>${esc(`${m.medication} ${m.dosage}`)}</b><br>${esc(m.instructions)}</li>`)
    .join('')}</ol>
  <h2>ORIENTAÇÕES</h2><p>${esc(p.generalInstructions)}</p>
  <p><b>Retorno:</b> ${esc(p.returnDate)}</p>
  <div class="sig">Data: ${esc(p.prescriptionDate)}<br><br><br>______________________________________________<br>
  ${esc(p.prescribingPhysician.name)}<br>${esc(p.prescribingPhysician.crm)}</div>
  </body></html>`;
}

export function headerHtml(): string {
  return `<div style="font-size:9px;width:100%;margin:0 50pt;font-family:sans-serif">
  <div style="font-size:13px;font-weight:bold;color:#1f4e79">${esc(HEADER.name)}</div>
  <div>${esc(HEADER.registry)}</div><div>${esc(HEADER.clinicAddress)} | Tel.: ${esc(HEADER.clinicPhone)}</div></div>`;
}

export const footerHtml = `<div style="font-size:8px;width:100%;margin:0 50pt;font-family:sans-serif;display:flex;justify-content:space-between">
  <span>Emitido em 22/11/2026</span><span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span></div>`;

export const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return {
    mean,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
    perSecond: 1000 / mean,
  };
};

export const row = (name: string, s: ReturnType<typeof stats>) =>
  `| ${name} | ${s.mean.toFixed(1)} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.perSecond.toFixed(1)} |`;
