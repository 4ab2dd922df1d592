// The layouts of the free-text document and of the hospital and simple prescriptions (the
// controlled one is controlled-layout.ts), on the page of page.ts.
import type { AmbulatoryPrescription, HospitalPrescription } from '@pv/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { isNoteHeading } from '../note-text/headings.js';
import type { PdfHeader } from './jobs.js';
import {
  fitsWithSignature,
  KEEP_WITH_SIGNATURE_CHARS,
  keptTogether,
  page,
  signatureBlock,
} from './page.js';

/** Paragraphs and UPPERCASE headings of free text, in order. */
function flow(lines: string[]): Content[] {
  const content: Content[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length)
      content.push({ text: paragraph.join('\n'), style: 'body', margin: [0, 0, 0, 4] });
    paragraph = [];
  };
  for (const line of lines) {
    if (line.trim() === '') flush();
    else if (isNoteHeading(line)) {
      flush();
      content.push({ text: line.trim(), style: 'heading' });
    } else paragraph.push(line);
  }
  flush();
  return content;
}

// The text kept with the signature: at most this many lines (and KEEP_WITH_SIGNATURE_CHARS).
const KEEP_WITH_SIGNATURE_LINES = 8;
const SIGNATURE_LINE = /_{10,}/;
const SIGNATURE_LEAD = /^(assinatura|data|local)\b/i;

/**
 * Where the text kept with the signature starts: the lines that lead to the signature line
 * (ASSINATURA, Data:, Local...) and the end of the last paragraph before them, within bounds
 * (a single line too long is split after a sentence, in `lines`). A signature is never printed
 * alone on a page: a page holding only a signature could be attached to any text.
 */
function signatureTailStart(lines: string[], signatureAt: number): number {
  let start = signatureAt;
  while (
    start > 0 &&
    (lines[start - 1]!.trim() === '' || SIGNATURE_LEAD.test(lines[start - 1]!.trim()))
  )
    start--;
  let chars = 0;
  let kept = 0;
  let i = start;
  while (i > 0 && lines[i - 1]!.trim() === '') i--;
  // The last paragraph before the signature, from its end back, whole lines only.
  while (i > 0 && lines[i - 1]!.trim() !== '' && !isNoteHeading(lines[i - 1]!)) {
    const length = lines[i - 1]!.length;
    if (chars + length > KEEP_WITH_SIGNATURE_CHARS || kept === KEEP_WITH_SIGNATURE_LINES) break;
    chars += length;
    kept++;
    i--;
  }
  if (kept > 0) return i;
  // One line too long to keep: its last sentences are (the line is split where one ends).
  const line = i > 0 ? lines[i - 1]! : '';
  if (line.trim() === '' || isNoteHeading(line)) return start;
  for (const end of line.matchAll(/[.;!?]\s+/g)) {
    const cut = end.index + end[0].length;
    if (line.length - cut <= KEEP_WITH_SIGNATURE_CHARS) {
      lines.splice(i - 1, 1, line.slice(0, cut).trimEnd(), line.slice(cut));
      return i;
    }
  }
  return start;
}

/** A free-text document: UPPERCASE lines become headings, the rest flows as paragraphs. */
export function documentPdf(input: {
  title: string;
  content: string;
  patientName: string;
  patientCpf: string;
  header: PdfHeader;
  date: string;
}): TDocumentDefinitions {
  const lines = input.content.replace(/\r\n/g, '\n').split('\n');
  // The title is printed once: a first line repeating it is not printed twice.
  if (lines[0]?.trim().toLocaleUpperCase('pt-BR') === input.title.trim().toLocaleUpperCase('pt-BR'))
    lines.shift();
  const content: Content[] = [{ text: input.title, style: 'title' }];
  if (input.patientName)
    content.push({
      text: [{ text: 'Paciente: ', bold: true }, input.patientName],
      style: 'body',
      margin: [0, 0, 0, input.patientCpf ? 0 : 6],
    });
  if (input.patientCpf)
    content.push({
      text: [{ text: 'CPF: ', bold: true }, input.patientCpf],
      style: 'body',
      margin: [0, 0, 0, 6],
    });
  // A text that carries its own signature line is signed there; otherwise the block is added.
  // The signature line is the last line of underscores alone (a blank field such as
  // "Endereço: ____" is not one), else the last line with a run of them.
  const signatureLine = () => {
    const alone = lines.findLastIndex((line) => /^\s*_{10,}\s*$/.test(line));
    return alone >= 0 ? alone : lines.findLastIndex((line) => SIGNATURE_LINE.test(line));
  };
  const signed = signatureLine() >= 0;
  // (It may split the last paragraph's line: the signature line is found again after it.)
  const tailStart = signatureTailStart(lines, signed ? signatureLine() : lines.length);
  const signatureAt = signatureLine();
  // The lines right under the signature line (name, registry) belong to it; text after flows on.
  let tailEnd = signed ? signatureAt + 1 : lines.length;
  while (
    signed &&
    tailEnd < lines.length &&
    lines[tailEnd]!.trim() !== '' &&
    tailEnd - signatureAt <= 4
  )
    tailEnd++;
  content.push(
    ...flow(lines.slice(0, tailStart)),
    keptTogether([
      ...flow(lines.slice(tailStart, tailEnd)),
      ...(signed ? [] : [signatureBlock(input.header.name, input.header.registry, input.date)]),
    ]),
    ...flow(lines.slice(tailEnd)),
  );
  return page({ header: input.header, date: input.date, title: input.title, content });
}

const cell = (text: string, bold = false) => ({ text: text || '-', bold, fontSize: 9.5 });
const MEDICATION_WIDTHS = [18, '*', 40, 90, 70, 90];

export function hospitalPdf(input: {
  prescription: HospitalPrescription;
  title: string;
  institutionName: string;
  doctorName: string;
  crm: string;
  header: PdfHeader;
  date: string;
}): TDocumentDefinitions {
  const p = input.prescription;
  const medicationRows = p.medications.length
    ? p.medications.map((m, i) => [
        cell(String(i + 1)),
        cell(m.medication),
        cell(m.route),
        cell(m.dilution),
        cell(m.schedule),
        cell(m.observations),
      ])
    : [[cell(''), cell('Nenhum medicamento prescrito.'), cell(''), cell(''), cell(''), cell('')]];
  const observationsKept = p.generalObservations !== '' && fitsWithSignature(p.generalObservations);
  const lastRow = p.medications.at(-1);
  const lastRowKept =
    !p.generalObservations &&
    (!lastRow ||
      fitsWithSignature(
        lastRow.medication,
        lastRow.route,
        lastRow.dilution,
        lastRow.schedule,
        lastRow.observations,
      ));
  const content: Content[] = [
    ...(input.institutionName
      ? [
          {
            text: input.institutionName,
            alignment: 'center' as const,
            bold: true,
            margin: [0, 0, 0, 4] as [number, number, number, number],
          },
        ]
      : []),
    { text: input.title, style: 'title' },
    {
      style: 'body',
      table: {
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          [
            cell('Paciente', true),
            cell('Idade', true),
            cell('Sexo', true),
            cell('Prontuário', true),
          ],
          [
            cell(p.patientData.name),
            cell(p.patientData.age),
            cell(p.patientData.gender),
            cell(p.patientData.medicalRecord),
          ],
        ],
      },
      margin: [0, 0, 0, 10],
    },
    {
      table: {
        headerRows: 1,
        // A row is kept on one page unless one is too tall for a page, which pdfmake would drop.
        dontBreakRows: p.medications.every((m) =>
          fitsWithSignature(m.medication, m.route, m.dilution, m.schedule, m.observations),
        ),
        widths: MEDICATION_WIDTHS,
        body: [
          ['#', 'Medicamento', 'Via', 'Diluição', 'Horário', 'Observações'].map((h) =>
            cell(h, true),
          ),
          ...(lastRowKept ? medicationRows.slice(0, -1) : medicationRows),
        ],
      },
    },
  ];
  // What stays on the signature's page: short general observations, else the last row of the
  // table (long observations flow on).
  const observations: Content[] = p.generalObservations
    ? [
        { text: 'OBSERVAÇÕES GERAIS', style: 'heading' },
        { text: p.generalObservations, style: 'body' },
      ]
    : [];
  if (!observationsKept) content.push(...observations);
  const kept: Content[] = observationsKept
    ? observations
    : lastRowKept
      ? [{ table: { widths: MEDICATION_WIDTHS, body: medicationRows.slice(-1) } }]
      : [];
  const name = input.doctorName || p.prescribingPhysician || input.header.name;
  // A prescriber line that already carries the registry ("Name - CRM/SP 123456 - RQE") is not
  // followed by it a second time.
  const registry = input.crm || input.header.registry;
  content.push(
    keptTogether([
      ...kept,
      signatureBlock(name, registry && name.includes(registry) ? '' : registry, input.date),
    ]),
  );
  return page({ header: input.header, date: input.date, title: input.title, content });
}

/** The simple prescription's drugs from number `start` on. */
const ambulatoryDrugs = (
  medications: AmbulatoryPrescription['medications'],
  start: number,
): Content => ({
  start,
  ol: medications.map((m) => ({
    stack: [
      {
        text: `${[m.medication, m.dosage].filter(Boolean).join(' ')}${m.isControlled ? ' (controlado)' : ''}`,
        bold: true,
      },
      ...(m.instructions ? [{ text: m.instructions }] : []),
    ],
    margin: [0, 0, 0, 6] as [number, number, number, number],
  })),
  style: 'body',
});

export function ambulatoryPdf(input: {
  prescription: AmbulatoryPrescription;
  header: PdfHeader;
  date: string;
}): TDocumentDefinitions {
  const p = input.prescription;
  const d = p.patientData;
  const identification = [
    ['Paciente', d.name],
    ['Data de nascimento', d.birthDate],
    ['CPF', d.cpf],
    ['RG', d.rg],
    ['Endereço', d.address],
    ['Telefone', d.phone],
  ].filter(([, v]) => v);
  const content: Content[] = [
    { text: 'Receituário', style: 'title' },
    ...identification.map(([k, v]) => ({
      text: [{ text: `${k}: `, bold: true }, v ?? ''],
      style: 'body',
    })),
    { text: 'PRESCRIÇÃO', style: 'heading' },
  ];
  // What follows the drugs stays on the signature's page (long instructions flow on); with
  // nothing after them, the last drug does.
  const instructions: Content[] = p.generalInstructions
    ? [
        { text: 'ORIENTAÇÕES', style: 'heading' },
        { text: p.generalInstructions, style: 'body' },
      ]
    : [];
  const closing: Content[] = [];
  if (p.returnDate)
    closing.push({
      text: [{ text: 'Retorno: ', bold: true }, p.returnDate],
      style: 'body',
      margin: [0, 8, 0, 0],
    });
  if (p.hasControlledMedications)
    closing.push({
      text: 'Há medicamento sujeito a controle especial (Portaria SVS/MS 344/98): ele deve ser prescrito no receituário próprio.',
      style: 'small',
      italics: true,
      margin: [0, 8, 0, 0],
    });
  const instructionsKept = fitsWithSignature(p.generalInstructions);
  const lastDrug = p.medications.at(-1);
  const lastDrugKept =
    instructions.length === 0 &&
    closing.length === 0 &&
    lastDrug !== undefined &&
    fitsWithSignature(lastDrug.medication, lastDrug.dosage, lastDrug.instructions);
  const drugs = lastDrugKept ? p.medications.slice(0, -1) : p.medications;
  if (drugs.length > 0) content.push(ambulatoryDrugs(drugs, 1));
  if (!instructionsKept) content.push(...instructions);
  const kept: Content[] = lastDrugKept
    ? [ambulatoryDrugs(p.medications.slice(-1), p.medications.length)]
    : [...(instructionsKept ? instructions : []), ...closing];
  const date = p.prescribingPhysician.date || p.prescriptionDate || input.date;
  content.push(
    keptTogether([
      ...kept,
      signatureBlock(
        p.prescribingPhysician.name || input.header.name,
        p.prescribingPhysician.crm || input.header.registry,
        date,
      ),
    ]),
  );
  return page({ header: input.header, date: input.date, title: 'Receituário', content });
}
