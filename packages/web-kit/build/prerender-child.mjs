// Run by `prerenderVisitorPages` (./index.ts) in a Node process of its own: the pages render with
// a fresh production React, whatever the build's process (a test runner, say) loaded already.
// argv: the app's root folder and its prerender entry; prints {pages: {pathname: html}, members:
// {view: {pathname: html}}, frame} as JSON (members: the pages of a signed-in user of each view,
// if the entry draws them; frame: the page every other path paints first, if it draws one).
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
  const members = {};
  for (const view of app.renderMember ? app.MEMBER_VIEWS : []) {
    members[view] = {};
    for (const pathname of app.MEMBER_ROUTES) {
      members[view][pathname] = await app.renderMember(pathname, view);
    }
  }
  const frame = app.renderFrame ? await app.renderFrame() : null;
  process.stdout.write(JSON.stringify({ pages, members, frame }));
} finally {
  await server.close();
}
