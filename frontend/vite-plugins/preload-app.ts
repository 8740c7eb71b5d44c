import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The `<meta>` through which index.html tells src/boot.ts each screen's files. */
export const SCREEN_CHUNKS_META = 'frenly:screen-chunks';

export interface PreloadAppOptions {
  /** The module the entry imports dynamically once the page has painted (src/main.tsx). */
  app: string;
  /** Each lazily loaded screen's module, by the names of src/app/first-screen.ts. */
  screens: Record<string, string>;
}

/**
 * Lets the page ask for its code before running any: adds `<link rel="modulepreload">` to
 * index.html for the app module and every chunk it imports statically (their download starts
 * with the page's, their execution waits for src/boot.ts), and lists each screen's own files
 * in a `<meta>` so that boot.ts can ask for the first screen's too, while the app downloads.
 */
export function preloadApp(options: PreloadAppOptions): Plugin {
  return {
    name: 'frenly:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const appFiles = staticClosure(chunkOf(bundle, options.app), bundle);
        const screens = Object.fromEntries(
          Object.entries(options.screens).map(([name, module]) => [
            name,
            staticClosure(chunkOf(bundle, module), bundle)
              .filter((file) => !appFiles.includes(file))
              .map((file) => `/${file}`),
          ]),
        );
        return [
          ...appFiles
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              // Low: the page paints without it, so it must not hold up the stylesheet.
              attrs: {
                rel: 'modulepreload',
                crossorigin: true,
                fetchpriority: 'low',
                href: `/${file}`,
              },
              injectTo: 'head' as const,
            })),
          {
            tag: 'meta',
            attrs: { name: SCREEN_CHUNKS_META, content: JSON.stringify(screens) },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === 'chunk' && (output.facadeModuleId ?? '').endsWith(module),
  );
  if (!chunk) throw new Error(`preload-app: no chunk for ${module}`);
  return chunk;
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
