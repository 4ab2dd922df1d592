import { startInSteps } from '@pv/web-kit/boot';

// React, then MUI with the theme, then the store (asking who is visiting), then the routes and
// layout: a task each on a phone's CPU (packages/web-kit/src/boot.ts).
void startInSteps({
  libraries: [() => import('react-dom/client'), () => import('./providers')],
  store: () => Promise.all([import('./store'), import('./api/auth')]),
  app: () => import('./app'),
});
