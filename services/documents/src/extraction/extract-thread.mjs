// Runs in a worker thread: a hostile or huge PDF can only exhaust this thread, which the caller
// terminates on its deadline. Plain JavaScript so it loads without a TypeScript loader.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjs = await import(pathToFileURL(path.join(pdfjsRoot, 'legacy/build/pdf.mjs')).href);
const standardFontDataUrl = `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`;

/**
 * Reads part `part` of `parts` of the document's pages (contiguous ranges, so a large file can be
 * read by several threads at once); answers the texts of those pages and the page count.
 */
async function extract(data, maxPages, part, parts) {
  const task = pdfjs.getDocument({
    data,
    standardFontDataUrl,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    if (error?.name === 'PasswordException') return { error: 'encrypted' };
    return { error: 'corrupt' };
  }
  try {
    if (doc.numPages > maxPages) return { error: 'too-many-pages', pages: doc.numPages };
    const from = Math.floor((doc.numPages * part) / parts) + 1;
    const to = Math.floor((doc.numPages * (part + 1)) / parts);
    const texts = [];
    for (let n = from; n <= to; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent({ disableNormalization: true });
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      texts.push(text.trim());
      page.cleanup();
    }
    return { texts, pages: doc.numPages };
  } catch {
    return { error: 'corrupt' };
  } finally {
    // The loading task owns the document's teardown (pdfjs 6 removed the document's alias of it).
    await task.destroy();
  }
}

// A long-lived thread answering one file at a time (the pool never sends a second one early).
parentPort.on('message', (message) => {
  void extract(message.data, message.maxPages, message.part, message.parts).then((result) =>
    parentPort.postMessage(result),
  );
});
