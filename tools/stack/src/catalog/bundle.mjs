// Bundles one process's TypeScript entry (and the workspace packages it imports, which ship as
// TypeScript sources) into a single ES module for the runtime image. Packages from the registry
// stay external: the image installs them with `pnpm deploy --prod`, so native bindings and files
// a package reads at run time (fonts, static assets) keep working.
//   node tools/stack/src/catalog/bundle.mjs <entry.ts> <out.mjs>
import { build } from 'esbuild';

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  process.stderr.write('usage: node tools/stack/src/catalog/bundle.mjs <entry.ts> <out.mjs>\n');
  process.exit(2);
}

const registryPackagesStayExternal = {
  name: 'registry-packages-external',
  setup(pluginBuild) {
    // A bare import that is not one of ours (@pv/...) or a Node built-in resolves at run time.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pv/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [registryPackagesStayExternal],
});
