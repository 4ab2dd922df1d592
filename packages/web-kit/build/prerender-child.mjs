// Run by `prerenderVisitorPages` (./index.ts) in a Node process of its own: the pages render with
// a fresh production React, whatever the build's process (a test runner, say) loaded already.
// argv: the app's root folder and its prerender entry; prints {pages: {pathname: html}, frame}
// as JSON (frame: the page every other path paints first, if the entry draws one).
import { createServer } from 'vite';

const [root, entry] = process.argv.slice(2);
// A throw-away SSR server over the app's sources: it runs the entry in Node.
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  // Node imports the dependencies itself: no browser pre-bundling to wait for.
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const app = await server.ssrLoadModule(entry);
  const pages = {};
  for (const pathname of app.SHELL_ROUTES) pages[pathname] = await app.render(pathname);
  const frame = app.renderFrame ? await app.renderFrame() : null;
  process.stdout.write(JSON.stringify({ pages, frame }));
} finally {
  await server.close();
}
