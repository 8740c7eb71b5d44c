import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Adds `<link rel="modulepreload">` to index.html for a module the entry imports dynamically
 * (`appModule`, e.g. src/main.tsx) and every chunk it imports statically: their download starts
 * with the page's, while running them waits for the entry (see src/boot.ts).
 */
export function preloadApp(appModule: string): Plugin {
  return {
    name: 'frenly:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (output): output is OutputChunk =>
            output.type === 'chunk' && (output.facadeModuleId ?? '').endsWith(appModule),
        );
        if (!app) throw new Error(`preload-app: no chunk for ${appModule}`);
        return staticClosure(app, bundle)
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

function staticClosure(chunk: OutputChunk, bundle: OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = bundle[file];
    if (output?.type === 'chunk') output.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...seen];
}
