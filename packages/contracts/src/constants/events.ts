/** The single JetStream stream that holds every product event. */
export const EVENT_STREAM = 'PV_EVENTS';
export const EVENT_STREAM_SUBJECTS = [
  'auth.>',
  'consult.>',
  'ai.>',
  'document.>',
  'usage.>',
  'billing.>',
  'audit.>',
];

/**
 * The restricted stream: events that carry patient text (`phi.<...>`), published by formatting
 * and read only by the vault, kept hours rather than days (PHI_STREAM_MAX_AGE_HOURS).
 */
export const PHI_STREAM = 'PV_PHI';
export const PHI_STREAM_SUBJECTS = ['phi.>'];
