export * from './catalog.js';
export { composeEnvironment, renderCompose } from './compose.js';
export * from './datastores.js';
export { generatedFiles, staleGeneratedFiles } from './generate.js';
export { k8sEnvironment, secretNameOf, selectorOf } from './k8s-workloads.js';
export * from './nats-auth.js';
export {
  type K8sObject,
  readManifests,
  renderKustomization,
  schemaProblems,
  validateInfra,
} from './validate.js';
export { parseYamlDocuments } from './yaml.js';
