// The house's boundaries, checked by dependency-cruiser as a step of `npm test`
// (tools/stack/src/test-steps/dependencies.ts). Layers, top to bottom, and the arrows allowed:
//
//   tests/*                      may import anything below
//   apps/*  (the SPAs)           -> packages/*             never services/*
//   services/*                   -> packages/*             never another service, never apps/*
//   packages/*, tools/*          -> packages/*, tools/*    never apps/*, services/*, tests/*
//
// Across packages always by package name (a declared workspace dependency with `exports`), never by
// a relative path. Inside a service: routes -> domain service -> repository; domain folders do not
// import each other in a circle; documents' domain does not lean on its PDF layout.
//
// Each rule's name is what a failing run prints. To add one: give it a kebab-case name, a comment
// saying why it exists, severity 'error', and `from`/`to` conditions (regular expressions over
// paths relative to the repository root); then add a case to tools/stack/test/dependency-rules.test.ts.

const path = require('node:path');

/** apps|services|packages|tools|tests, then the package's folder: $1/$2 in a `to` condition. */
const PACKAGE = '^(apps|services|packages|tools|tests)/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
/**
 * The formatter's notes are rooms on floors (docs/offline-formatter.md, 'Rooms'): data, then
 * reading the dictation, then facts and rendering, then the offline note, then the model path. A
 * room reads only the floors below it: one rule per room, naming the rooms it may not read.
 */
const NOTES_ROOMS_ABOVE = {
  data: 'reading|facts|render|offline|llm|diagnostic',
  reading: 'facts|render|offline|llm|diagnostic',
  facts: 'render|offline|llm|diagnostic',
  render: 'facts|offline|llm|diagnostic',
  diagnostic: 'facts|render|offline|llm',
  offline: 'llm|diagnostic',
};
function notesFloorRules() {
  return Object.entries(NOTES_ROOMS_ABOVE).map(([room, above]) => ({
    name: `notes-floor-${room}`,
    comment: `The notes room ${room}/ reads only the floors below it (docs/offline-formatter.md, 'Rooms').`,
    severity: 'error',
    from: { path: `^services/formatting/src/notes/${room}/` },
    to: { path: `^services/formatting/src/notes/(${above})/` },
  }));
}

module.exports = {
  forbidden: [
    {
      name: 'no-app-imports-service',
      comment:
        'An SPA talks to services over HTTP through the gateway, with types from @pv/contracts. ' +
        'Its tests and browser suites use @pv/provider-fakes and @pv/e2e-kit, never a service.',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^services/' },
    },
    {
      name: 'no-service-imports-service',
      comment:
        "A service's code never imports another service: they talk through HTTP and NATS events " +
        'whose shapes live in @pv/contracts; what both need belongs in a package.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'no-package-imports-app-or-service',
      comment:
        'Packages and tools are the ground floor: they serve apps, services and tests, and ' +
        'depend on none of them (a shared piece that needs a service is in the wrong place).',
      severity: 'error',
      from: { path: '^(packages|tools)/' },
      to: { path: '^(apps|services|tests)/' },
    },
    {
      name: 'no-relative-cross-package',
      comment:
        "A relative import that leaves its own package skips the other package's exports and " +
        'declared dependency: import it by its name (e.g. @pv/stack/infra, not ../../../tools/...).',
      severity: 'error',
      from: { path: PACKAGE },
      to: { dependencyTypes: ['local'], pathNot: '^$1/$2/' },
    },
    {
      name: 'no-circular',
      comment:
        'Modules importing each other in a circle load in an order that depends on who came ' +
        'first, and cannot be understood or moved one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-domain-folder-cycle',
      comment:
        "The domain folders of a service (src/<domain>) may use each other's repositories and " +
        'mappers one way only; a helper both need goes into the lower one. documents/src/pdf is ' +
        'the renderer and its job, ruled by domain-not-on-rendering instead.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^services/(?!documents/src/pdf$)[^/]+/src/[^/]+$' },
      to: { circular: true, path: '^services/(?!documents/src/pdf$)[^/]+/src/[^/]+$' },
    },
    {
      name: 'domain-not-on-rendering',
      comment:
        "Documents' domain decides what a document says and whether it may be issued (e.g. the " +
        'RCE rule); the PDF layout only draws it. The layout may read the domain, the domain ' +
        'never reads the layout or renderer: it only enqueues the render job (pdf/jobs.ts).',
      severity: 'error',
      from: { path: '^services/documents/src/generation/' },
      to: {
        path: '^services/documents/src/pdf/',
        pathNot: '^services/documents/src/pdf/jobs\\.ts$',
      },
    },
    {
      name: 'kit-through-its-entries',
      comment:
        'Outside the kit, @pv/service-kit is reached through its subpaths (http, events, jobs, ' +
        'runtime, supervised, testing, time-scale: src/entries/ and two test files), so a process ' +
        'loads only what it uses: there is no root barrel, and no deep import of a kit module.',
      severity: 'error',
      from: { path: '^(apps|services|tools|tests|packages/(?!service-kit/))' },
      to: {
        path: '^packages/service-kit/',
        pathNot:
          '^packages/service-kit/src/(entries/[^/]+|supervised|testing/(index|time-scale))\\.ts$',
      },
    },
    {
      name: 'kit-not-on-clients',
      comment:
        'The kit is generic; @pv/service-clients (billing quota and storage, staff audit) is built ' +
        'on it and on the contracts, so the kit never imports the clients.',
      severity: 'error',
      from: { path: '^packages/service-kit/' },
      to: { path: '^packages/service-clients/' },
    },
    {
      name: 'clients-on-kit-and-contracts',
      comment:
        "@pv/service-clients speaks other services' contracts through the kit: of our packages it " +
        'imports only @pv/service-kit and @pv/contracts.',
      severity: 'error',
      from: { path: '^packages/service-clients/' },
      to: {
        path: '^(packages|tools)/',
        pathNot: '^packages/(service-clients|service-kit|contracts)/',
      },
    },
    ...notesFloorRules(),
    {
      name: 'spa-store-not-from-pages',
      comment:
        "An SPA's store is set up below its pages: slices it registers live beside the store " +
        '(or in @pv/web-kit), so that the store does not depend on any page.',
      severity: 'error',
      from: { path: '^apps/[^/]+/src/store\\.ts$' },
      to: { path: '^apps/[^/]+/src/pages/' },
    },
    {
      name: 'routes-not-repositories',
      comment:
        'A route validates the request against its contract and calls the domain service; SQL ' +
        'stays behind the service, so a route never imports a repository.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/routes/' },
      to: { path: '\\.repository\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)\\.data/'] },
    // Type-only imports are arrows too: a type from a service couples an app to it all the same.
    tsPreCompilationDeps: true,
    // From this file's folder, so that the rules also run on a tree elsewhere (the rules' own test).
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.base.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
