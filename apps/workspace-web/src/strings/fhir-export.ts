/** pt-BR texts of the FHIR export (issue 28): the note as data for an EHR. */
export const FhirExportStrings = {
  button: 'Exportar FHIR',
  patientButton: (n: number) => `Exportar FHIR do paciente ${n}`,
  done: 'Nota exportada em FHIR',
  doneText: 'O arquivo .json (HL7 FHIR R4) foi baixado. Importe-o no prontuário eletrônico.',
  errorTitle: 'Não foi possível exportar em FHIR',
};
