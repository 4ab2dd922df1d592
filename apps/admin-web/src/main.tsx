import { startInSteps } from '@pv/web-kit/boot';

// React, then MUI with the theme, then the store (asking who is signed in), then the routes and
// layout: a task each on a slow CPU (packages/web-kit/src/boot.ts).
void startInSteps({
  libraries: [() => import('react-dom/client'), () => import('./providers')],
  store: () => Promise.all([import('./store'), import('./api/auth')]),
  app: () => import('./app'),
});
