/**
 * A council's official registry lookup (CFM's "Busca por médicos", a regional council's API...).
 * None is wired: councils publish no common, stable API, and scraping their pages is not a
 * verification a pharmacist can rely on. The default implementation sends every registry to staff
 * review ('Verificações' in the console); a real lookup answers 'confirmed' only when the
 * council's own record matches name, number, UF and an active registration.
 */
export interface RegistryLookup {
  readonly name: string;
  lookup(registry: RegistryQuery): Promise<RegistryLookupResult>;
}

export interface RegistryQuery {
  council: string;
  uf: string;
  number: string;
  fullName: string;
}

export type RegistryLookupResult =
  | { outcome: 'confirmed'; source: string }
  | { outcome: 'not-found'; source: string }
  /** The lookup cannot decide (no API, council down, ambiguous): staff review decides. */
  | { outcome: 'needs-review' };

/** The default: every registry goes to staff review. */
export class StaffReviewLookup implements RegistryLookup {
  readonly name = 'revisao-equipe';
  async lookup(): Promise<RegistryLookupResult> {
    return { outcome: 'needs-review' };
  }
}
