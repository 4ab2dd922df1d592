import { describe, expect, it } from 'vitest';
import { COUNCIL_OID_ARCS, ITI_DOCUMENT_TYPES, itiInfoEntries } from '../src/index.js';

describe('itiInfoEntries: the Info entries the ITI validator reads', () => {
  it('a physician’s prescription: document type, CRM number, UF and specialty', () => {
    expect(
      itiInfoEntries({
        documentType: 'prescription',
        professional: { council: 'CRM', number: ' 123456 ', uf: 'sp', specialty: 'Pediatria' },
      }),
    ).toEqual({
      '2.16.76.1.12.1.1': 'Prescrição de medicamento',
      '2.16.76.1.4.2.2.1': '123456',
      '2.16.76.1.4.2.2.2': 'SP',
      '2.16.76.1.4.2.2.3': 'Pediatria',
    });
  });

  it('each document type of the arc 2.16.76.1.12.1 has its own OID', () => {
    expect(itiInfoEntries({ documentType: 'medicalCertificate' })).toEqual({
      '2.16.76.1.12.1.2': 'Atestado médico',
    });
    expect(Object.keys(itiInfoEntries({ documentType: 'examRequest' }))).toEqual([
      '2.16.76.1.12.1.3',
    ]);
    expect(Object.keys(itiInfoEntries({ documentType: 'medicalReport' }))).toEqual([
      '2.16.76.1.12.1.11',
    ]);
    const oids = Object.values(ITI_DOCUMENT_TYPES).map((t) => t.oid);
    expect(new Set(oids).size).toBe(oids.length);
    for (const oid of oids) expect(oid).toMatch(/^2\.16\.76\.1\.12\.1\.\d+$/);
  });

  it('a pharmacist (CRF) uses the arc 2.16.76.1.4.2.3', () => {
    const entries = itiInfoEntries({
      documentType: 'dispensing',
      professional: { council: 'crf', number: '9876', uf: 'RJ' },
    });
    expect(entries['2.16.76.1.4.2.3.1']).toBe('9876');
    expect(entries['2.16.76.1.4.2.3.2']).toBe('RJ');
  });

  it('the other councils use their arc; an unknown council or UF adds nothing made up', () => {
    expect(
      itiInfoEntries({
        documentType: 'prescription',
        professional: { council: 'COREN', number: '55', uf: 'MG' },
      })['2.16.76.1.4.2.7.1'],
    ).toBe('55');
    expect(
      itiInfoEntries({
        documentType: 'prescription',
        professional: { council: 'OUTRO', number: '55', uf: 'MG' },
      }),
    ).toEqual({ '2.16.76.1.12.1.1': 'Prescrição de medicamento' });
    const badUf = itiInfoEntries({
      documentType: 'prescription',
      professional: { council: 'CRM', number: '1', uf: 'XX', specialty: '' },
    });
    expect(badUf).toEqual({
      '2.16.76.1.12.1.1': 'Prescrição de medicamento',
      '2.16.76.1.4.2.2.1': '1',
    });
  });

  it('only CRM and CRF are marked as confirmed by the ITI guide', () => {
    const confirmed = Object.entries(COUNCIL_OID_ARCS)
      .filter(([, v]) => v.confirmed)
      .map(([k]) => k);
    expect(confirmed).toEqual(['CRM', 'CRF']);
  });
});
