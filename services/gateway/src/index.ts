// The gateway's public surface, for the system tests and the one-machine launcher.
export {
  buildGatewayApp,
  buildGatewayInternalApp,
  type GatewayDeps,
  upstreamsFrom,
} from './app.js';
export { type GatewayConfig, GatewayConfigSchema, loadGatewayConfig } from './config.js';
export {
  ROUTING_TABLE,
  routerFor,
  type ServiceName,
  type ServiceRoute,
  serviceFor,
} from './routing-table.js';
