import type { Plugin } from 'vite';

/**
 * The entry's modulepreload links in the order their chunks can be evaluated one at a time:
 * each chunk after the chunks it imports (a depth-first walk of the bundle's static imports).
 * The page's start script (server/lib/page-scripts.ts APP_START_SCRIPT) runs them as module
 * scripts in that order, one task each, then the entry: on a slow phone the app's evaluation is
 * then a few tasks of tens of milliseconds instead of one long one (issue 30, TBT).
 */
export function preloadOrder(): Plugin {
  return {
    name: 'kp:preload-order',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return html;
        const order: string[] = [];
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return;
          for (const dep of chunk.imports) visit(dep);
          if (fileName !== entry.fileName) order.push(`/${fileName}`);
        };
        visit(entry.fileName);
        const link = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;
        const found = [...html.matchAll(link)].map((m) => m[1]);
        if (found.length !== order.length || found.some((href) => !order.includes(href))) {
          throw new Error(`kp:preload-order: the page preloads ${found.join(', ')}, the entry imports ${order.join(', ')}`);
        }
        let i = 0;
        return html.replace(link, (tag) => tag.replace(/href="[^"]+"/, () => `href="${order[i++]}"`));
      },
    },
  };
}
