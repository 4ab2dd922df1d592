/** The authenticator's current code for a base32 secret (the admins' second factor). */
export { totpCode } from '@pv/service-kit/http';
export { scaled } from '@pv/service-kit/time-scale';
export {
  type A11yViolation,
  axeViolations,
  expectNoSeriousA11yViolations,
  formatViolations,
} from './a11y.js';
export {
  apiCall,
  type BrowserTarget,
  type CatcherMail,
  confirmationLinkIn,
  confirmEmailThroughMail,
  loginAdminThroughApi,
  loginThroughApi,
  mailTo,
  type NewUser,
  registerThroughApi,
  type StackAddress,
  verifyProfessionalThroughApi,
} from './api.js';
export {
  CHROMIUM_ARGS,
  type LaunchOptions,
  launchBrowser,
  type NewPageOptions,
  newPage,
  watchPageProblems,
} from './browser.js';
export { DEFAULT_CHROMIUM_PATH, ensureChromium } from './chromium.js';
export { type LayoutShift, layoutShift, type PageWidth, pageWidth } from './layout.js';
export {
  acquireLock,
  type FileLock,
  isProcessAlive,
  LockTimeoutError,
  tryAcquireLock,
} from './lock.js';
export { e2eDataDir, repoRoot } from './paths.js';
export { saveScreenshot, screenshotDir } from './screenshot.js';
export { ensureSpeechTools, speechWav } from './speech-audio.js';
export { type E2eStack, freePort, type StartStackOptions, startStack } from './stack.js';
export {
  buildStackEnv,
  classifyStackLine,
  DEFAULT_E2E_PORT,
  discoverServiceSettings,
  E2E_ADMIN,
  e2eOrigins,
  type StaffCredentials,
} from './stack-env.js';
export type { E2eContext } from './vitest.js';
