// Bundles one process's TypeScript entry (and the workspace packages it imports, which ship as
// TypeScript sources) into a single ES module for the runtime image. Packages from the registry
// stay external: the image installs them with `pnpm deploy --prod`, so native bindings and files
// a package reads at run time (fonts, static assets) keep working. Files our own code opens next
// to itself (`new URL('./x.mjs', import.meta.url)`: a worker thread's script, a data folder) are
// copied to the same place relative to the bundle.
//   node tools/stack/src/catalog/bundle.mjs <entry.ts> <out.mjs>
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

const SIBLING = /new URL\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*,\s*import\.meta\.url\s*\)/g;
const siblings = new Map();
const siblingFilesTravel = {
  name: 'sibling-files-travel',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      for (const match of source.matchAll(SIBLING)) {
        siblings.set(path.resolve(path.dirname(args.path), match[1]), match[1]);
      }
      return { contents: source, loader: 'ts' };
    });
  },
};

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Runs on the image's Node 24 and, for checks, on the developers' Node 20.
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [registryPackagesStayExternal, siblingFilesTravel],
});
for (const [source, relative] of siblings) {
  cpSync(source, path.resolve(path.dirname(outfile), relative), { recursive: true });
}
