import { startInSteps } from '@pv/web-kit/boot';

// React, then MUI with the theme, then the store (asking who is signed in), then the routes and
// layout: a task each on a slow CPU (packages/web-kit/src/boot.ts).
void startInSteps({
  libraries: [() => import('react-dom/client'), () => import('./providers')],
  store: async () => {
    const [{ makeStore }, { authApi }] = await Promise.all([
      import('./store'),
      import('./api/auth'),
    ]);
    const store = makeStore();
    return { store, viewer: store.dispatch(authApi.endpoints.getCurrentUser.initiate()) };
  },
  app: () => import('./app'),
});
