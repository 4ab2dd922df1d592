import type {
  AmbulatoryPrescription,
  ControlledMedication,
  ControlledPrescription,
  HospitalPrescription,
  ProfessionalProfile,
} from '@pv/contracts';
import type { Consultation } from './consultation.js';
import {
  type ControlledDrug,
  findControlledDrug,
  notificationFor,
  rceRefusalMessage,
} from './controlled-drugs.js';
import { formatDateBr } from './dates.js';
import { quantityInWords } from './number-words.js';

export interface RequiredNotification {
  medication: string;
  list: ControlledDrug['list'];
  notification: string;
  message: string;
}

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
    /\d+\s*\/\s*\d+\s*h|\bde\s+\d+\s+em\s+\d+\s+horas|\b\d+\s*x\s*(ao|por)\s*dia|\b(à|a)\s+noite|pela\s+manh[ãa]|se\s+necess[aá]rio|\bsn\b|\bacm\b/i,
  )?.[0] ?? '';
const dilutionOf = (text: string) =>
  text.match(/(dilu\p{L}*|em)\s+\d+\s*ml\s+(de\s+)?(sf|soro|sg|ab)[^,;]*/iu)?.[0] ?? '';

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

/** isControlled per medication and hasControlledMedications come from the table, never trusted. */
export function normalizeAmbulatory(p: AmbulatoryPrescription): AmbulatoryPrescription {
  const medications = p.medications
    .filter((m) => `${m.medication}${m.dosage}`.trim() !== '')
    .map((m) => ({
      ...m,
      isControlled: findControlledDrug(`${m.medication} ${m.dosage}`) !== undefined,
    }));
  return { ...p, medications, hasControlledMedications: medications.some((m) => m.isControlled) };
}

const BLANK_CONTROLLED: ControlledMedication = {
  medication: '',
  quantity: '',
  unit: '',
  posology: '',
  list: null,
};

export function controlledFromConsultation(c: Consultation): ControlledPrescription {
  const controlled = c.medications.filter((m) => findControlledDrug(m.text));
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
 * Lists come from the table; an empty list becomes one blank row (spec 1 §5); `text`, the
 * editable free text, is rebuilt when empty.
 */
export function normalizeControlled(p: ControlledPrescription): ControlledPrescription {
  const rows = p.medications
    .filter((m) => m.medication.trim() !== '')
    .map((m) => ({ ...m, list: findControlledDrug(m.medication)?.list ?? null }));
  const medications = rows.length > 0 ? rows : [{ ...BLANK_CONTROLLED }];
  const normalized = { ...p, medications, date: p.date.trim() || formatDateBr() };
  return { ...normalized, text: p.text.trim() || controlledText(normalized) };
}

export function requiredNotifications(p: ControlledPrescription): RequiredNotification[] {
  return p.medications.flatMap((m) => {
    const drug = findControlledDrug(m.medication);
    const notification = drug && notificationFor(drug.list);
    return drug && notification
      ? [
          {
            medication: m.medication,
            list: drug.list,
            notification,
            message: rceRefusalMessage(m.medication, drug),
          },
        ]
      : [];
  });
}

export function controlledText(p: ControlledPrescription): string {
  const lines = [
    'RECEITUÁRIO DE CONTROLE ESPECIAL',
    `Paciente: ${p.patientData.name || '____________________'}`,
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

/** Drugs on the form that the RCE cannot carry (lists A and B need their own notification). */
export const rceBlocked = (p: ControlledPrescription) =>
  p.medications.filter((m) => {
    const list = findControlledDrug(m.medication)?.list;
    return list !== undefined && /^[AB]/.test(list);
  });

/** The RCE's drugs as printed: filled rows only, each quantity written out in words (Portaria 344). */
export const rceRows = (p: ControlledPrescription) =>
  p.medications
    .filter((m) => m.medication.trim())
    .map((m) => ({
      medication: m.medication,
      quantity: m.quantity ? quantityInWords(m.quantity, m.unit) : '',
      posology: m.posology,
    }));
