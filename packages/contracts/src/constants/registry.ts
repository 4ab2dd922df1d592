// The professional's registry: council, state (UF) and number, as the header of every document
// prints it ("CRM/SP 123456"). Shared by auth (which validates and stores it), documents (which
// prints it) and the SPAs (which check it before sending). docs/professional-identity.md "Who the document
// names" explains the rules.

import { BRAZILIAN_UFS, type BrazilianUf } from './vault.js';

/** The 27 federative units; a regional council is named by the UF it registers in. */
export const BRAZIL_UFS = BRAZILIAN_UFS;
export type BrazilUf = BrazilianUf;

export const RegistryMessages = {
  unknownUf: 'UF do registro desconhecida. Escolha a sigla de um dos 27 estados (ex.: SP).',
  rqeInvalid: 'RQE inválido: use apenas algarismos (ex.: 12345).',
  councilRequired: 'Escolha o conselho profissional do seu registro (ex.: CRM).',
  ufRequired: 'Escolha a UF do conselho em que o registro foi feito (ex.: SP).',
  /** Shown on the workspace when a signed-in professional has no registry yet. */
  registryMissing:
    'Seu registro profissional (conselho, UF e número) não está no seu perfil: o documento sai com a linha do registro em branco para carimbo. Complete-o em Minha Área.',
  completeInUserArea: 'Completar em Minha Área',
  /** Printed on a document whose header an anonymous caller typed. */
  unverifiedHeader: 'Identificação profissional não verificada',
  /** The registry line left blank on a signed-in professional's document without a registry. */
  blankRegistryLine: 'Registro profissional: ________________________ (carimbo)',
  /** The professional address and phone left blank for the hand (CFM Res. 2.381/2024 asks both). */
  blankAddress: 'Endereço profissional: ______________________________',
  blankPhone: 'Tel.: ________________',
} as const;

/**
 * How each council writes its numbers. Letters are refused where the council issues digits only
 * (CRM, CRN, CRESS, CRF, CRO); COREN and CREFITO add a category after the digits, CRP may carry
 * its region before them ("06/123456"). Dots and spaces are thousand separators and dropped.
 */
const NUMBER_RULES: Record<string, { pattern: RegExp; message: string }> = {
  CRM: {
    pattern: /^\d{1,8}$/,
    message: 'Número do CRM inválido: use apenas algarismos (ex.: 123456).',
  },
  COREN: {
    pattern: /^\d{1,9}(-(ENF|TE|AE|OBST))?$/,
    message:
      'Número do COREN inválido: use algarismos, com a categoria opcional ao final (ex.: 123456 ou 123456-ENF).',
  },
  CRN: {
    pattern: /^\d{1,8}(\/P)?$/,
    message:
      'Número do CRN inválido: use apenas algarismos, com /P ao final se o registro for provisório (ex.: 12345).',
  },
  CRP: {
    pattern: /^(\d{2}\/)?\d{1,8}$/,
    message: 'Número do CRP inválido: use algarismos, com a região opcional (ex.: 06/123456).',
  },
  CRESS: {
    pattern: /^\d{1,8}$/,
    message: 'Número do CRESS inválido: use apenas algarismos (ex.: 12345).',
  },
  CRF: {
    pattern: /^\d{1,8}$/,
    message: 'Número do CRF inválido: use apenas algarismos (ex.: 12345).',
  },
  CRO: {
    pattern: /^\d{1,8}$/,
    message: 'Número do CRO inválido: use apenas algarismos (ex.: 12345).',
  },
  CREFITO: {
    pattern: /^\d{1,8}(-(F|TO))?$/,
    message:
      'Número do CREFITO inválido: use algarismos, com a categoria opcional ao final (ex.: 123456-F).',
  },
  OUTRO: {
    pattern: /^[0-9A-Z][0-9A-Z/-]{0,39}$/,
    message: 'Número do registro inválido: use letras, algarismos, / ou - (ex.: 12345).',
  },
};

/** "123.456 " -> "123456", "123456-enf" -> "123456-ENF": what is stored and printed. */
export function normalizeRegistryNumber(value: string): string {
  return value.replace(/[.\s]/g, '').toUpperCase();
}

/**
 * The pt-BR message saying why `number` is not a number of `council`, or null when it is. The
 * number is normalized first (normalizeRegistryNumber).
 * @example registryNumberProblem('CRM', '12a456') // 'Número do CRM inválido: ...'
 */
export function registryNumberProblem(council: string, number: string): string | null {
  const rule = NUMBER_RULES[council] ?? NUMBER_RULES.OUTRO!;
  return rule.pattern.test(normalizeRegistryNumber(number)) ? null : rule.message;
}

/**
 * The header's registry line: "CRM/SP 123456" ("CRM 123456" without a UF; a council outside the
 * list prints as "Registro/SP 123456").
 */
export function formatRegistry(council: string, uf: string | null, number: string): string {
  const name = council === 'OUTRO' ? 'Registro' : council;
  return `${name}${uf ? `/${uf}` : ''} ${number}`;
}
