import {
  DOCUMENT_TYPES,
  DocumentMessages,
  type DocumentType,
  type GenerateDocumentBody,
  type GenerateDocumentResponse,
  type GeneratePdfBody,
} from '@pv/contracts';
import { foldForComparison } from '@pv/pt-text';
import { badRequest, type Principal } from '@pv/service-kit/http';
import { profileOf, textHeaderLines } from '../professionals/professional-header.js';
import { type Authoring, type FileAnswer, fileNameFor, OFFLINE, requireText } from './authoring.js';
import type { Consultation } from './consultation.js';
import { formatDateBr } from './dates.js';
import {
  shapeWithTemplate,
  templateForModel,
  templateOutline,
  withRequiredFields,
} from './document-template.js';
import {
  buildOfflineDocument,
  DOCUMENT_TITLES,
  patientSection,
  renderDraft,
  signature,
} from './offline-documents.js';
import { choosePatient, patientNameFor } from './patients.js';
import { isSimplePrescription, refuseControlledInFreeText } from './prescription-control.js';
import { documentMessages, ModelDocumentSchema } from './prompts.js';

type Draft = { title: string; sections: { heading: string; content: string }[] };

const folded = foldForComparison;

/**
 * Whether a draft names the diagnosis: a CID code (written as such, or the note's own), or the
 * note's diagnosis sentence (without its trailing CID and full stop).
 */
function namesDiagnosis(draft: Draft, c: Consultation): boolean {
  const text = folded(draft.sections.map((s) => `${s.heading}\n${s.content}`).join('\n'));
  if (/\bcid(?:-?10)?\b/.test(text)) return true;
  if (c.cid && text.includes(folded(c.cid))) return true;
  const diagnosis = folded(c.diagnosis)
    .replace(/,?\s*cid.*$/, '')
    .replace(/[.\s]+$/, '');
  return diagnosis.length >= 6 && text.includes(diagnosis);
}

/**
 * The text documents of the document card (certificates, exam requests, referrals...), written
 * by the model or offline from the consultation. Built, returned and forgotten: nothing clinical
 * is stored or logged; only document.generated.v1 (type and format) leaves the service.
 */
export class TextDocumentsService {
  constructor(private readonly authoring: Authoring) {}

  /** POST /api/generate-document */
  async generateDocument(
    body: GenerateDocumentBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<GenerateDocumentResponse> {
    const note = requireText(body.consultationText);
    const documentType = body.documentType as DocumentType;
    if (!DOCUMENT_TYPES.includes(documentType))
      throw badRequest(DocumentMessages.unknownDocumentType, 'UNKNOWN_DOCUMENT_TYPE');
    // One patient per document: only that patient's part of the note is written from.
    const consultationText = choosePatient(note, body.patientIndex).text;
    const input = {
      documentType,
      consultationText,
      additionalContext: body.additionalContext?.trim() ?? '',
      profile: profileOf(await this.authoring.header(principal, body.profile)),
      certificate: body.certificate ?? {},
    };
    // The admin's active template of this type ('Templates IA', type document_template).
    const stored = await this.authoring.documentTemplate(documentType);
    const template = stored ? templateForModel(stored) : undefined;
    const consultation = this.authoring.consultation(consultationText);
    const offline = () => ({
      value: template
        ? shapeWithTemplate(
            buildOfflineDocument({ ...input, consultation }),
            templateOutline(template.prompt),
          )
        : buildOfflineDocument({ ...input, consultation }),
      engine: OFFLINE,
    });
    let { value: written, engine } = this.authoring.llmReady
      ? await this.authoring.askModel<Draft>(
          'generate-document',
          documentMessages({ ...input, template }),
          ModelDocumentSchema,
          { principal, credentials },
        )
      : offline();
    // An atestado names the diagnosis only with the patient's consent (CFM Res. 2.381/2024): a
    // model's atestado that names it without consent is replaced by the offline one.
    if (
      documentType === 'atestado_medico' &&
      !input.certificate.diagnosisAuthorized &&
      namesDiagnosis(written, consultation)
    )
      ({ value: written, engine } = offline());
    // A template shapes the document, never what it must carry (docs/documents.md).
    const draft = template
      ? withRequiredFields(written, {
          title: DOCUMENT_TITLES[documentType],
          patientName: consultation.patient.name,
          patient: patientSection(consultation),
          signature: signature(input.profile),
        })
      : written;
    await this.authoring.published(principal, { documentType, format: 'text' });
    return {
      document: renderDraft(draft),
      title: draft.title || DOCUMENT_TITLES[documentType],
      documentType,
      ...engine,
    };
  }

  /** POST /api/generate-text-document: the same document as a .txt file (mobile fallback). */
  async textDocument(body: GeneratePdfBody, principal: Principal | null): Promise<FileAnswer> {
    const content = body.content?.trim();
    if (!content) throw badRequest(DocumentMessages.noContent, 'NO_CONTENT');
    // The same paper as the PDF: a free-text receituário carries no controlled drug.
    if (isSimplePrescription(body.documentType)) refuseControlledInFreeText(content);
    const title = body.title?.trim() || 'Documento';
    const header = textHeaderLines(await this.authoring.header(principal, body.profile)).join('\n');
    const patientName = patientNameFor(body, body.patientName);
    const cpf = body.patientCpf?.trim();
    const patient = `${patientName ? `Paciente: ${patientName}\n` : ''}${cpf ? `CPF: ${cpf}\n` : ''}`;
    const text = `${header ? `${header}\n\n` : ''}${title.toLocaleUpperCase('pt-BR')}\n${patient}\n${content}\n\nEmitido em ${formatDateBr()}\n`;
    await this.authoring.published(principal, {
      documentType: body.documentType || 'documento',
      format: 'text',
    });
    return {
      body: text,
      contentType: 'text/plain; charset=utf-8',
      fileName: fileNameFor(title, patientName, 'txt'),
    };
  }
}
