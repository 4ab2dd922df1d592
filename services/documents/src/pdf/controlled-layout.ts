// The Receituário de Controle Especial (Portaria SVS/MS 344/98, Anexo XVII): two copies, each
// with the emitter, the patient, the drugs and the buyer's and supplier's blocks.
import type { ControlledPrescription } from '@pv/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { PdfHeader, RceRow } from './jobs.js';
import { fitsWithSignature, keptTogether, page, signatureBlock } from './page.js';

export const RCE_COPIES = [
  '1ª via - Retenção da Farmácia ou Drogaria',
  '2ª via - Orientação ao Paciente',
] as const;

function blankLines(labels: string[]): Content {
  return {
    stack: labels.map((l) => ({
      text: `${l}: ______________________________`,
      style: 'small',
      margin: [0, 3, 0, 0] as [number, number, number, number],
    })),
  };
}

/** The RCE's drugs from number `start` on. */
const rceDrugs = (rows: RceRow[], start: number): Content => ({
  start,
  ol: rows.map((m) => ({
    stack: [
      { text: m.medication, bold: true },
      // No quantity: blanks for the prescriber's hand, in figures and in words (Portaria 344/98).
      { text: `Quantidade: ${m.quantity || '________ (____________________________)'}` },
      ...(m.posology ? [{ text: `Posologia: ${m.posology}` }] : []),
    ],
    margin: [0, 0, 0, 4] as [number, number, number, number],
  })),
  style: 'body',
});

/** One copy of the Receituário de Controle Especial (Portaria SVS/MS 344/98, Anexo XVII). */
function rceCopy(
  input: { prescription: ControlledPrescription; rows: RceRow[]; notes: string; header: PdfHeader },
  copy: string,
  last: boolean,
): Content {
  const { prescription: p, rows, notes, header } = input;
  // Short notes are kept with the signature, and the drugs with them (the notes follow the list);
  // without notes, the last drug is; what is too long for that flows before it.
  const notesText: Content = { text: notes, style: 'body', margin: [0, 2, 0, 0] };
  const all = (r: RceRow[]) => r.flatMap((m) => [m.medication, m.quantity, m.posology]);
  const lastRow = rows.at(-1);
  const [flowing, kept]: [Content[], Content[]] = !notes
    ? lastRow && fitsWithSignature(...all([lastRow]))
      ? [
          rows.length > 1 ? [rceDrugs(rows.slice(0, -1), 1)] : [],
          [rceDrugs([lastRow], rows.length)],
        ]
      : [rows.length > 0 ? [rceDrugs(rows, 1)] : [], []]
    : fitsWithSignature(notes, ...all(rows))
      ? [[], [rceDrugs(rows, 1), notesText]]
      : fitsWithSignature(notes)
        ? [[rceDrugs(rows, 1)], [notesText]]
        : [[rceDrugs(rows, 1), notesText], []];
  const emitter = [
    ['Nome', header.name],
    ['CRM/UF', header.registry],
    ['Endereço', header.clinicAddress],
    ['Telefone', header.clinicPhone],
  ];
  return {
    stack: [
      { text: 'RECEITUÁRIO DE CONTROLE ESPECIAL', style: 'title', margin: [0, 0, 0, 2] },
      { text: copy, alignment: 'center', bold: true, margin: [0, 0, 0, 8] },
      {
        table: {
          widths: ['*'],
          body: [
            [{ text: 'IDENTIFICAÇÃO DO EMITENTE', style: 'label' }],
            [
              {
                stack: emitter.map(([k, v]) => ({
                  text: [{ text: `${k}: `, bold: true }, v || '______________________'],
                  style: 'small',
                })),
              },
            ],
          ],
        },
        margin: [0, 0, 0, 8],
      },
      {
        text: [
          { text: 'Paciente: ', bold: true },
          p.patientData.name || '______________________________',
        ],
        style: 'body',
      },
      ...(p.patientData.cpf
        ? [{ text: [{ text: 'CPF: ', bold: true }, p.patientData.cpf], style: 'body' }]
        : []),
      {
        text: [
          { text: 'Endereço: ', bold: true },
          p.patientData.address || '______________________________',
        ],
        style: 'body',
        margin: [0, 0, 0, 6],
      },
      { text: 'Prescrição:', bold: true, style: 'body' },
      // A copy too long for one page goes on, but its signature, the buyer's and the supplier's
      // blocks stay on one page with what precedes them (the last drug, or short notes with the
      // drugs) and the copy's name under them.
      ...flowing,
      keptTogether([
        ...kept,
        signatureBlock(header.name, header.registry, p.date),
        {
          margin: [0, 14, 0, 0],
          columns: [
            {
              width: '*',
              table: {
                widths: ['*'],
                body: [
                  [{ text: 'IDENTIFICAÇÃO DO COMPRADOR', style: 'label' }],
                  [
                    blankLines([
                      'Nome',
                      'RG',
                      'Órgão emissor',
                      'Endereço',
                      'Cidade',
                      'UF',
                      'Telefone',
                    ]),
                  ],
                ],
              },
            },
            {
              width: '*',
              table: {
                widths: ['*'],
                body: [
                  [{ text: 'IDENTIFICAÇÃO DO FORNECEDOR', style: 'label' }],
                  [blankLines(['Data', 'Assinatura do farmacêutico'])],
                ],
              },
            },
          ],
          columnGap: 10,
        },
        { text: copy, style: 'small', alignment: 'center', margin: [0, 6, 0, 0] },
      ]),
    ],
    ...(last ? {} : { pageBreak: 'after' as const }),
  };
}

export function controlledPdf(input: {
  prescription: ControlledPrescription;
  rows: RceRow[];
  notes: string;
  header: PdfHeader;
  date: string;
}): TDocumentDefinitions {
  return page({
    header: input.header,
    date: input.date,
    title: 'Receituário de Controle Especial',
    content: RCE_COPIES.map((copy, i) => rceCopy(input, copy, i === RCE_COPIES.length - 1)),
  });
}
