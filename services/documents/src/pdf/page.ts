// What every PDF shares: the A4 page with the professional's header and the footer, the
// signature block, and what may be kept with it on the signature's page.
import { RegistryMessages } from '@pv/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { PdfHeader } from './jobs.js';

const MARGINS: [number, number, number, number] = [50, 95, 50, 55];

function pageHeader(header: PdfHeader): Content {
  // The professional address and contact are due on every document: blanks for the hand when
  // the profile has none.
  const contact = [
    header.clinicAddress || RegistryMessages.blankAddress,
    header.clinicPhone ? `Tel.: ${header.clinicPhone}` : RegistryMessages.blankPhone,
  ].join(' | ');
  // Without a registry, a signed-in professional's line is left blank for a stamp; a header an
  // anonymous caller typed says it was not verified.
  const registry =
    [header.registry, header.rqe ? `RQE ${header.rqe}` : ''].filter(Boolean).join(' - ') ||
    (header.status === 'registry-missing' ? RegistryMessages.blankRegistryLine : '');
  return {
    margin: [50, 28, 50, 0],
    stack: [
      { text: header.name || 'Profissional de saúde', style: 'headerName' },
      ...(registry ? [{ text: registry, style: 'headerLine' }] : []),
      { text: contact, style: 'headerLine' },
      // Issue 23: only a verified professional's header goes without the notice.
      ...(header.status !== 'verified'
        ? [{ text: RegistryMessages.unverifiedHeader, style: 'headerWarning' }]
        : []),
      {
        canvas: [
          { type: 'line', x1: 0, y1: 6, x2: 495, y2: 6, lineWidth: 0.7, lineColor: '#1f4e79' },
        ],
      },
    ],
  };
}

/** An A4 page set: the professional's header on every page, the date and page count below. */
export function page(input: {
  header: PdfHeader;
  date: string;
  title: string;
  content: Content[];
}): TDocumentDefinitions {
  const { header, date, title, content } = input;
  return {
    pageSize: 'A4',
    pageMargins: MARGINS,
    info: { title, creator: 'Prontuário por voz', producer: 'pdfmake' },
    header: () => pageHeader(header),
    footer: (current, total) => ({
      margin: [50, 20, 50, 0],
      columns: [
        { text: `Emitido em ${date}`, style: 'footer' },
        { text: `Página ${current} de ${total}`, style: 'footer', alignment: 'right' },
      ],
    }),
    content,
    styles: {
      headerName: { fontSize: 13, bold: true, color: '#1f4e79' },
      headerLine: { fontSize: 9, color: '#333333' },
      headerWarning: { fontSize: 9, bold: true, color: '#b00020' },
      title: { fontSize: 15, bold: true, alignment: 'center', margin: [0, 0, 0, 12] },
      heading: { fontSize: 11, bold: true, margin: [0, 10, 0, 3], color: '#1f4e79' },
      body: { fontSize: 10.5, lineHeight: 1.25 },
      small: { fontSize: 9 },
      label: { fontSize: 9, bold: true },
      footer: { fontSize: 8, color: '#555555' },
    },
    defaultStyle: { fontSize: 10.5 },
  };
}

export function signatureBlock(name: string, registry: string, date: string): Content {
  return {
    margin: [0, 30, 0, 0],
    unbreakable: true,
    stack: [
      { text: `Data: ${date}`, style: 'body', margin: [0, 0, 0, 28] },
      { text: '______________________________________________', alignment: 'center' },
      { text: name || 'Assinatura do profissional', alignment: 'center', style: 'body' },
      ...(registry ? [{ text: registry, alignment: 'center' as const, style: 'small' }] : []),
    ],
  };
}

// What is kept on the signature's page: at most this much of the text before it. An unbreakable
// block must fit on one page (pdfmake drops what overflows it), so the kept text is bounded.
export const KEEP_WITH_SIGNATURE_CHARS = 600;

/** Whether these texts are short enough to be kept on the signature's page. */
export const fitsWithSignature = (...texts: string[]) =>
  texts.reduce((sum, t) => sum + t.length, 0) <= KEEP_WITH_SIGNATURE_CHARS;

/** The signature and the text kept with it, on one page. */
export const keptTogether = (stack: Content[]): Content => ({ stack, unbreakable: true });
