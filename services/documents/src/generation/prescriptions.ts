import type {
  AmbulatoryPrescription,
  ControlDecision,
  ControlledMedication,
  ControlledPrescription,
  HospitalPrescription,
  ProfessionalProfile,
  RequiredNotification,
} from '@pv/contracts';
import type { Consultation } from './consultation.js';
import { effectiveControl } from './controlled-drugs.js';
import { formatDateBr } from './dates.js';
import { quantityInWords } from './number-words.js';
import {
  type ControlRow,
  controlDecisions,
  effectiveList,
  notificationsOf,
} from './prescription-control.js';

const routeOf = (text: string) => {
  const t = text.toLowerCase();
  if (/\b(ev|iv|endovenos[oa]|intravenos[oa])\b/.test(t)) return 'EV';
  if (/\b(im|intramuscular)\b/.test(t)) return 'IM';
  if (/\b(sc|subcut[aâ]ne[oa])\b/.test(t)) return 'SC';
  if (/\b(inalat[oó]ri[oa]|nebuliza)/.test(t)) return 'Inalatória';
  if (/\b(t[oó]pic[oa])\b/.test(t)) return 'Tópica';
  return 'VO';
};
const scheduleOf = (text: string) =>
  text.match(
    /(?<!\d)\d+\s*\/\s*\d+\s*h|\bde\s+\d+\s+em\s+\d+\s+horas|\b\d+\s*x\s*(ao|por)\s*dia|\b(à|a)\s+noite|pela\s+manh[ãa]|se\s+necess[aá]rio|\bsn\b|\bacm\b/i,
  )?.[0] ?? '';
const dilutionOf = (text: string) =>
  text.match(/(?<!\p{L})(dilu\p{L}*|em)\s+\d+\s*ml\s+(de\s+)?(sf|soro|sg|ab)[^,;]*/iu)?.[0] ?? '';

export function hospitalFromConsultation(
  c: Consultation,
  profile: ProfessionalProfile,
): HospitalPrescription {
  return normalizeHospital({
    patientData: {
      name: c.patient.name,
      age: c.patient.age,
      gender: c.patient.gender,
      medicalRecord: '',
    },
    medications: c.medications.map((m) => ({
      medication: [m.name, m.dosage].filter(Boolean).join(' '),
      route: routeOf(m.text),
      dilution: dilutionOf(m.text),
      schedule: scheduleOf(m.instructions),
      observations: m.instructions,
    })),
    generalObservations: [c.observations, c.returnIn ? `Reavaliação: ${c.returnIn}` : '']
      .filter(Boolean)
      .join('\n'),
    prescribingPhysician: [profile.name, profile.registry].filter(Boolean).join(' - '),
  });
}

export function normalizeHospital(p: HospitalPrescription): HospitalPrescription {
  return { ...p, medications: p.medications.filter((m) => m.medication.trim() !== '') };
}

export function ambulatoryFromConsultation(
  c: Consultation,
  profile: ProfessionalProfile,
): AmbulatoryPrescription {
  const today = formatDateBr();
  return normalizeAmbulatory({
    patientData: { name: c.patient.name, birthDate: '', cpf: '', rg: '', address: '', phone: '' },
    prescriptionDate: today,
    medications: c.medications.map((m) => ({
      medication: m.name,
      dosage: m.dosage,
      instructions: m.instructions,
      isControlled: false,
    })),
    generalInstructions: c.observations,
    returnDate: c.returnIn,
    prescribingPhysician: { name: profile.name ?? '', crm: profile.registry ?? '', date: today },
    hasControlledMedications: false,
  });
}

/**
 * A simple-prescription row as the control rules read it: name with strength, and the flag.
 * Give it the prescription as sent (before normalizeAmbulatory, which writes the effective
 * control into isControlled) so that `reason` tells the table from the clinician.
 */
export const ambulatoryControlRows = (p: AmbulatoryPrescription): ControlRow[] =>
  filledAmbulatoryRows(p).map((m) => ({
    medication: [m.medication, m.dosage].filter((v) => v.trim()).join(' '),
    clinicianFlag: m.isControlled === true,
  }));

/**
 * isControlled is the table OR the clinician's flag (never dropped: a flagged drug the table
 * lacks stays controlled, as list C1), with the list; hasControlledMedications follows.
 */
export function normalizeAmbulatory(p: AmbulatoryPrescription): AmbulatoryPrescription {
  const medications = filledAmbulatoryRows(p).map((m) => {
    const control = effectiveList({
      medication: `${m.medication} ${m.dosage}`,
      clinicianFlag: m.isControlled === true,
    });
    return { ...m, isControlled: control.controlled, list: control.list };
  });
  return { ...p, medications, hasControlledMedications: medications.some((m) => m.isControlled) };
}

const filledAmbulatoryRows = (p: AmbulatoryPrescription) =>
  p.medications.filter((m) => `${m.medication}${m.dosage}`.trim() !== '');

/**
 * The rows of a simple prescription (as sent, see ambulatoryControlRows) that cannot stay on
 * it, each with the form it needs; `row` indexes the normalized rows.
 */
export const ambulatoryDecisions = (p: AmbulatoryPrescription): ControlDecision[] =>
  controlDecisions(ambulatoryControlRows(p));

const BLANK_CONTROLLED: ControlledMedication = {
  medication: '',
  quantity: '',
  unit: '',
  posology: '',
  list: null,
};

export function controlledFromConsultation(c: Consultation): ControlledPrescription {
  const controlled = c.medications.filter(
    (m) => effectiveControl({ medication: m.text }).controlled,
  );
  return normalizeControlled({
    patientData: { name: c.patient.name, address: '' },
    medications: controlled.map((m) => ({
      medication: [m.name, m.dosage].filter(Boolean).join(' '),
      quantity: m.quantity,
      unit: m.unit,
      posology: m.instructions,
      list: null,
    })),
    text: '',
    date: formatDateBr(),
  });
}

/**
 * Every row of the RCE is controlled: the clinician put it there, which counts as the flag, so
 * a drug the table lacks is handled as list C1 and a drug the table knows keeps its list.
 */
export const rceControlRows = (p: ControlledPrescription): ControlRow[] =>
  p.medications.map((m) => ({ medication: m.medication, clinicianFlag: true }));

/** What the labeled lines of the RCE's free text say; blank or "____" lines say nothing. */
export interface RceText {
  name: string;
  address: string;
  cpf: string;
  date: string;
  /** The free text that is neither the title, a labeled line nor a drug line: printed as is. */
  notes: string;
}

const RCE_LABELS: Record<string, keyof Omit<RceText, 'notes'>> = {
  paciente: 'name',
  endereço: 'address',
  endereco: 'address',
  cpf: 'cpf',
  data: 'date',
};

/**
 * The RCE is edited as free text next to its rows: the text's "Paciente:",
 * "Endereço:", "CPF:" and "Data:" lines are the clinician's edits of those fields; its numbered
 * drug lines (and their indented posology) are the rows' preview, the rows being edited in the
 * table; every other line is free text printed on both copies.
 */
export function readRceText(text: string): RceText {
  const out: RceText = { name: '', address: '', cpf: '', date: '', notes: '' };
  const notes: string[] = [];
  let inDrug = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = line.trim();
    const colon = trimmed.indexOf(':');
    const label =
      colon > 0 ? RCE_LABELS[trimmed.slice(0, colon).trim().toLocaleLowerCase('pt-BR')] : undefined;
    if (label) {
      const value = trimmed.slice(colon + 1).trim();
      if (!/^_*$/.test(value)) out[label] = value;
      inDrug = false;
    } else if (/^\d{1,3}[.)]\s/.test(trimmed)) inDrug = true;
    else if (inDrug && /^\s/.test(line) && trimmed !== '') continue;
    else {
      inDrug = false;
      const upper = trimmed.toLocaleUpperCase('pt-BR');
      if (upper === 'RECEITUÁRIO DE CONTROLE ESPECIAL' || upper === 'PRESCRIÇÃO:') continue;
      notes.push(line.trimEnd());
    }
  }
  out.notes = notes.join('\n').trim();
  return out;
}

/**
 * Lists come from the table OR the clinician (every RCE row is flagged, see rceControlRows);
 * the free text's labeled lines update the patient, address, CPF and date (readRceText); an
 * empty list becomes one blank row; `text` is rebuilt when empty.
 */
export function normalizeControlled(p: ControlledPrescription): ControlledPrescription {
  const rows = p.medications
    .filter((m) => m.medication.trim() !== '')
    .map((m) => ({
      ...m,
      list: effectiveList({ medication: m.medication, clinicianFlag: true }).list,
    }));
  const medications = rows.length > 0 ? rows : [{ ...BLANK_CONTROLLED }];
  const edited = readRceText(p.text);
  const patientData = {
    ...p.patientData,
    name: edited.name || p.patientData.name,
    address: edited.address || p.patientData.address,
    ...(edited.cpf || p.patientData.cpf ? { cpf: edited.cpf || p.patientData.cpf } : {}),
  };
  const normalized = {
    ...p,
    patientData,
    medications,
    date: edited.date || p.date.trim() || formatDateBr(),
  };
  return { ...normalized, text: p.text.trim() || controlledText(normalized) };
}

/** Every row of the RCE with its list and form (C1 for a drug only the clinician knows). */
export const controlledDecisions = (p: ControlledPrescription): ControlDecision[] =>
  controlDecisions(
    rceControlRows({ ...p, medications: p.medications.filter((m) => m.medication.trim()) }),
  );

export const requiredNotifications = (p: ControlledPrescription): RequiredNotification[] =>
  notificationsOf(controlledDecisions(p));

export function controlledText(p: ControlledPrescription): string {
  const lines = [
    'RECEITUÁRIO DE CONTROLE ESPECIAL',
    `Paciente: ${p.patientData.name || '____________________'}`,
    ...(p.patientData.cpf ? [`CPF: ${p.patientData.cpf}`] : []),
    `Endereço: ${p.patientData.address || '____________________'}`,
    '',
    'Prescrição:',
  ];
  p.medications.forEach((m, i) => {
    if (!m.medication.trim()) return;
    const qty = m.quantity ? ` - ${quantityInWords(m.quantity, m.unit)}` : '';
    lines.push(`${i + 1}. ${m.medication}${qty}`);
    if (m.posology) lines.push(`   ${m.posology}`);
  });
  lines.push('', `Data: ${p.date}`);
  return lines.join('\n');
}

export function hospitalText(p: HospitalPrescription): string {
  const lines = [
    'PRESCRIÇÃO HOSPITALAR',
    `Paciente: ${p.patientData.name || 'Não informado'} | Idade: ${p.patientData.age || 'Não informado'} | Sexo: ${p.patientData.gender || 'Não informado'} | Prontuário: ${p.patientData.medicalRecord || 'Não informado'}`,
    '',
  ];
  p.medications.forEach((m, i) => {
    lines.push(
      `${i + 1}. ${m.medication}${m.route ? ` - ${m.route}` : ''}${m.dilution ? ` - ${m.dilution}` : ''}${m.schedule ? ` - ${m.schedule}` : ''}`,
    );
    if (m.observations) lines.push(`   ${m.observations}`);
  });
  if (p.medications.length === 0) lines.push('Nenhum medicamento prescrito.');
  if (p.generalObservations) lines.push('', 'OBSERVAÇÕES GERAIS', p.generalObservations);
  if (p.prescribingPhysician) lines.push('', `Prescritor: ${p.prescribingPhysician}`);
  return lines.join('\n');
}

export function ambulatoryText(p: AmbulatoryPrescription): string {
  const lines = ['RECEITUÁRIO', `Paciente: ${p.patientData.name || 'Não informado'}`, ''];
  p.medications.forEach((m, i) => {
    lines.push(
      `${i + 1}. ${[m.medication, m.dosage].filter(Boolean).join(' ')}${m.isControlled ? ' (controlado)' : ''}`,
    );
    if (m.instructions) lines.push(`   ${m.instructions}`);
  });
  if (p.medications.length === 0) lines.push('Nenhum medicamento prescrito.');
  if (p.generalInstructions) lines.push('', 'ORIENTAÇÕES', p.generalInstructions);
  if (p.returnDate) lines.push('', `Retorno: ${p.returnDate}`);
  if (p.hasControlledMedications)
    lines.push(
      '',
      'Atenção: há medicamento controlado (Portaria SVS/MS 344/98): prescreva-o no receituário controlado.',
    );
  lines.push('', `Data: ${p.prescriptionDate}`);
  return lines.join('\n');
}

/** The RCE's drugs as printed: filled rows only, each quantity written out in words (Portaria 344). */
export const rceRows = (p: ControlledPrescription) =>
  p.medications
    .filter((m) => m.medication.trim())
    .map((m) => ({
      medication: m.medication,
      quantity: m.quantity ? quantityInWords(m.quantity, m.unit) : '',
      posology: m.posology,
    }));

/** Headings of a written RCE that are the form's own, not notes to print on it. */
const RCE_TEXT_HEADINGS = new Set([
  'RECEITUÁRIO DE CONTROLE ESPECIAL',
  'RECEITUÁRIO CONTROLADO',
  'PRESCRIÇÃO',
  'PRESCRIÇÃO:',
  'ASSINATURA',
]);

/** "Sertralina 50 mg - 30 (trinta) comprimidos": the drug, the quantity in numerals, the unit. */
function rceDrugLine(line: string): { medication: string; quantity: string; unit: string } {
  const parts = /^(.*?)\s+[-–—]+\s+(\d{1,5})\s*(?:\([^)]*\))?\s*(.*)$/.exec(line);
  return parts
    ? { medication: parts[1]!.trim(), quantity: parts[2]!, unit: parts[3]!.trim() }
    : { medication: line.trim(), quantity: '', unit: '' };
}

/**
 * An RCE written as free text (the 'controlada' document, as generated and edited): numbered
 * lines are its drugs (" - 30 (trinta) comprimidos" their quantity, indented lines under them
 * their posology); its labeled lines and notes are read by normalizeControlled from `text`,
 * without the form's own headings and the signature lines (the form prints its own).
 */
export function controlledFromText(
  content: string,
  patient: { name: string; cpf: string },
): ControlledPrescription {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const medications: ControlledPrescription['medications'] = [];
  const kept: string[] = [];
  let drug: ControlledPrescription['medications'][number] | null = null;
  let afterSignature = 0;
  for (const line of lines) {
    const trimmed = line.trim();
    if (/^_{10,}$/.test(trimmed)) {
      afterSignature = 3;
      drug = null;
      continue;
    }
    if (afterSignature > 0 && trimmed !== '') {
      afterSignature--;
      continue;
    }
    afterSignature = 0;
    if (RCE_TEXT_HEADINGS.has(trimmed.toLocaleUpperCase('pt-BR'))) continue;
    const numbered = /^\d{1,3}[.)]\s+(.+)$/.exec(trimmed);
    if (numbered) {
      drug = { ...rceDrugLine(numbered[1]!), posology: '' };
      medications.push(drug);
    } else if (drug && /^\s/.test(line) && trimmed !== '') {
      drug.posology = [drug.posology, trimmed].filter(Boolean).join(' ');
      continue;
    } else drug = null;
    kept.push(line);
  }
  return {
    patientData: { name: patient.name, address: '', ...(patient.cpf ? { cpf: patient.cpf } : {}) },
    medications,
    text: kept.join('\n'),
    date: '',
  };
}
