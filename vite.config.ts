import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import UnoCSS from 'unocss/vite';
import { precompress } from './scripts/vite-precompress';

const apiTarget = process.env.API_PROXY ?? 'http://127.0.0.1:8080';

/**
 * myanmar-tools (the Zawgyi detector, src/lib/zawgyi.ts) publishes only its Node build, whose
 * detector decodes its model with Node's Buffer: in the browser the same bytes come from atob.
 * Fails the build if the package changes under us rather than shipping a detector that throws.
 */
const zawgyiDetectorForBrowsers: Plugin = {
  name: 'kp:myanmar-tools-browser',
  transform(code, id) {
    if (!/myanmar-tools[\\/]build_node[\\/]zawgyi_detector\.js$/.test(id)) return null;
    const nodeDecode = 'new Buffer(DATA, "base64")';
    if (!code.includes(nodeDecode)) throw new Error('myanmar-tools: the detector no longer decodes with Buffer; see docs/decisions/0011-zawgyi.md');
    return code.replace(nodeDecode, 'Uint8Array.from(atob(DATA), (c) => c.charCodeAt(0))');
  },
};

export default defineConfig({
  plugins: [UnoCSS(), react(), zawgyiDetectorForBrowsers, precompress()],
  server: {
    proxy: { '/api': apiTarget, '/assets': apiTarget, '/game-frame': apiTarget },
  },
  build: {
    target: 'es2020',
    cssCodeSplit: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Two vendor chunks for what every page needs: fewer requests and better compression than
        // a dozen shared slivers, yet none over 60 kB on the wire (issue 14; docs/decisions/0016):
        // React's DOM renderer alone, and the rest.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/](react|xstate|@xstate|i18next|react-i18next|wouter|regexparam|use-sync-external-store|ofetch|destr|ufo)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
