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
