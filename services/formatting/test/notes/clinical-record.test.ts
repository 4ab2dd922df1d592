import { describe, expect, it } from 'vitest';
import { formatOffline } from '../../src/notes/index.js';

// Issue 28 item 1: the walkthrough dictation of the issue, as a user would dictate it. The text
// lists the drugs in use under their own heading (it filed them under EXAME FÍSICO before), and
// the record states them apart from today's new dose, with the vitals and the exams requested.

const WALKTHROUGH =
  'Paciente de 62 anos, diabético e hipertenso, vem para controle. PA 160 por 100, frequência ' +
  'cardíaca 88, glicemia capilar 210. Em uso de losartana 50 miligramas e metformina 850 ' +
  'miligramas duas vezes ao dia. Conduta: aumentar losartana para 100 miligramas ao dia, ' +
  'solicitar hemoglobina glicada, creatinina e potássio.';

const section = (text: string, heading: string) =>
  text.split('\n\n').find((block) => block.startsWith(`${heading}\n`)) ?? '';

describe('the walkthrough dictation as data', () => {
  const note = formatOffline({ text: WALKTHROUGH, professional: 'consulta_medica' }).formatted!;

  it('lists the drugs in use under their own heading, not under the exam', () => {
    expect(section(note.text, 'MEDICAÇÕES EM USO')).toBe(
      'MEDICAÇÕES EM USO\n- Losartana 50 mg\n- Metformina 850 mg duas vezes ao dia',
    );
    expect(section(note.text, 'EXAME FÍSICO')).not.toMatch(/losartana|metformina/i);
  });

  it('records the drugs in use, the new dose, the vitals and the exams, nothing else', () => {
    const record = note.record!;
    expect(record.medicationsInUse.map((m) => [m.name, m.dose, m.frequency])).toEqual([
      ['losartana', '50 mg', null],
      ['metformina', '850 mg', 'duas vezes ao dia'],
    ]);
    expect(record.medicationOrders.map((m) => [m.action, m.name, m.dose])).toEqual([
      ['change', 'losartana', '100 mg'],
    ]);
    expect(record.vitals).toEqual([
      { kind: 'bloodPressure', value: 160, diastolic: 100, unit: 'mm[Hg]' },
      { kind: 'heartRate', value: 88, diastolic: null, unit: '/min' },
      { kind: 'capillaryGlucose', value: 210, diastolic: null, unit: 'mg/dL' },
    ]);
    expect(record.requests).toEqual([
      { kind: 'exam', text: 'hemoglobina glicada' },
      { kind: 'exam', text: 'creatinina' },
      { kind: 'exam', text: 'potássio' },
    ]);
    expect(record.allergies).toEqual([]);
    expect(record.patient).toMatchObject({ name: null, age: '62 anos', cpf: null, cns: null });
  });

  it('reads CPF, CNS and the birth date only when dictated', () => {
    const ids = formatOffline({
      text: 'Nome: Amanda Ribeiro. CPF 123.456.789-09. Cartão SUS 898 0012 3456 7890. Nascida em 12/03/1988. Tosse há 3 dias.',
      professional: 'consulta_medica',
    }).formatted!.record!.patient;
    expect(ids).toMatchObject({
      cpf: '12345678909',
      cns: '898001234567890',
      birthDate: '1988-03-12',
    });
  });

  it('leaves an allergy and a drug stopped today out of the drugs in use', () => {
    const record = formatOffline({
      text: 'Alergia a dipirona. Toma enalapril 20 mg. Conduta: suspendo enalapril 20 mg. Inicio losartana 50 mg ao dia.',
      professional: 'consulta_medica',
    }).formatted!.record!;
    expect(record.allergies).toEqual([{ substance: 'dipirona' }]);
    expect(record.medicationsInUse.map((m) => m.name)).toEqual(['enalapril']);
    expect(record.medicationOrders.map((m) => `${m.action} ${m.name}`)).toEqual([
      'start losartana',
      'stop enalapril',
    ]);
  });
});
