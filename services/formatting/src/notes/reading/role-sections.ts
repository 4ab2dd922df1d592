/**
 * Which section of each profile a spoken role goes to (see spoken-cues.ts). A role a profile does
 * not list is not a cue there. Data only.
 */
import type { Professional } from '@pv/contracts';
import type { Role } from '../data/spoken-cues.js';

type RoleMap = Readonly<Partial<Record<Role, string>>>;

const CLASSIC: RoleMap = {
  complaint: 'chiefComplaint',
  history: 'historyOfPresentIllness',
  pastHistory: 'pastHistory',
  medicationsInUse: 'pastHistory',
  family: 'pastHistory',
  habits: 'pastHistory',
  exam: 'physicalExam',
  results: 'complementaryExams',
  assessment: 'diagnosticHypothesis',
  plan: 'plan',
  followUp: 'plan',
  observations: 'observations',
};

const SOAP: RoleMap = {
  complaint: 'reasonForEncounter',
  history: 'subjective',
  pastHistory: 'subjective',
  medicationsInUse: 'subjective',
  family: 'subjective',
  habits: 'subjective',
  personal: 'subjective',
  lifeContext: 'subjective',
  exam: 'objective',
  results: 'objective',
  assessment: 'assessment',
  plan: 'plan',
  followUp: 'plan',
  preventive: 'plan',
  observations: 'observations',
};

const PSYCHIATRY: RoleMap = {
  complaint: 'chiefComplaint',
  history: 'historyOfPresentIllness',
  pastHistory: 'medicalAndFamilyHistory',
  medicationsInUse: 'medicalAndFamilyHistory',
  family: 'medicalAndFamilyHistory',
  habits: 'medicalAndFamilyHistory',
  personal: 'personalHistory',
  psychiatricHistory: 'psychiatricHistory',
  exam: 'mentalStatusExam',
  assessment: 'diagnosticHypothesis',
  plan: 'plan',
  followUp: 'plan',
  observations: 'observations',
};

const PRESCRIPTION: RoleMap = {
  assessment: 'clinicalSummary',
  observations: 'observations',
};

export const ROLE_SECTIONS: Readonly<Record<Professional, RoleMap>> = {
  consulta_medica: CLASSIC,
  medico_ambulatorio: { ...CLASSIC, followUp: 'followUp' },
  medico_familia: SOAP,
  medico_familia_personalizado: {
    ...SOAP,
    lifeContext: 'lifeContext',
    personal: 'lifeContext',
    preventive: 'preventiveCare',
  },
  medico_trabalho: {
    complaint: 'clinicalHistory',
    history: 'clinicalHistory',
    pastHistory: 'clinicalHistory',
    medicationsInUse: 'clinicalHistory',
    habits: 'clinicalHistory',
    examType: 'examType',
    jobRole: 'jobRole',
    occupationalHistory: 'occupationalHistory',
    riskExposure: 'riskExposure',
    exam: 'clinicalExam',
    results: 'complementaryExams',
    aptitude: 'aptitude',
    recommendations: 'recommendations',
    plan: 'recommendations',
    observations: 'observations',
  },
  medico_visitador: {
    complaint: 'visitReason',
    history: 'clinicalHistory',
    pastHistory: 'clinicalHistory',
    medicationsInUse: 'currentMedications',
    homeConditions: 'homeConditions',
    caregiver: 'caregiver',
    exam: 'physicalExam',
    assessment: 'assessment',
    plan: 'plan',
    followUp: 'nextVisit',
    nextVisit: 'nextVisit',
    observations: 'observations',
  },
  enfermeira: {
    history: 'assessment',
    pastHistory: 'assessment',
    exam: 'assessment',
    nursingDiagnosis: 'nursingDiagnoses',
    nursingPlanning: 'planning',
    nursingImplementation: 'implementation',
    nursingEvaluation: 'evaluation',
    observations: 'observations',
  },
  tecnico_enfermagem: {
    generalState: 'generalState',
    procedures: 'procedures',
    intakeOutput: 'intakeOutput',
    incidents: 'incidents',
    observations: 'observations',
  },
  nutricionista: {
    complaint: 'reason',
    history: 'clinicalHistory',
    pastHistory: 'clinicalHistory',
    medicationsInUse: 'clinicalHistory',
    anthropometry: 'anthropometry',
    dietaryHistory: 'dietaryHistory',
    results: 'labs',
    nutritionalDiagnosis: 'nutritionalDiagnosis',
    assessment: 'nutritionalDiagnosis',
    dietPlan: 'dietPlan',
    followUp: 'followUp',
    observations: 'observations',
  },
  assistente_social: {
    familyComposition: 'familyComposition',
    socioeconomic: 'socioeconomic',
    housing: 'housing',
    supportNetwork: 'supportNetwork',
    socialAnalysis: 'analysis',
    socialOpinion: 'opinion',
    observations: 'observations',
  },
  psiquiatria: PSYCHIATRY,
  psiquiatria_personalizado: { ...PSYCHIATRY, risk: 'riskAssessment', scales: 'scales' },
  psicoterapia: {
    forensicRequest: 'identification',
    forensicDemand: 'demand',
    forensicProcedures: 'procedures',
    forensicHistory: 'history',
    forensicAnalysis: 'analysis',
    forensicConclusion: 'conclusion',
    observations: 'observations',
  },
  prescricao_hospitalar: PRESCRIPTION,
  prescricao_ambulatorial: { ...PRESCRIPTION, followUp: 'returnVisit' },
  prescricao_controlada: PRESCRIPTION,
};
