import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import UnoCSS from 'unocss/vite';
import { precompress } from './scripts/vite-precompress';
import { preloadOrder } from './scripts/vite-preload-order';

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

/** The lobby's lazy chunks (screens/home's body, the game grids, their machines and API). */
const LOBBY = /[\\/]src[\\/](screens[\\/]home[\\/](LobbyBody|PopupAd|ProviderGames|HotPicks|HotGames)|screens[\\/]games[\\/](GameListView|GameTiles|ProviderGrid|LaunchError)|machines[\\/](game-list|game-launch|popup-ad|carousel|game-logs)[\\/]|app[\\/](live-games|game-frame|page-settled)|api[\\/](games|content)\.)/;
/** Small modules most pages' chunks use: the common components, the view hook, text helpers. */
const SHARED =
  /([\\/]src[\\/](components[\\/](Alert|AlertDialog|Button|Dialog|EmptyState|ErrorState|Skeleton|use-focus-trap|ProviderTile|GameTile|use-reveal-after-idle)\.|screens[\\/]shared[\\/]ResourceError|lib[\\/](fixed-texts|zawgyi|two-d[\\/]session)\.|api[\\/]normalise|app[\\/]use-view|machines[\\/](shared[\\/]connect|resource[\\/])|telegram[\\/]effects)|[\\/]shared[\\/](art-url|keep-syllables)\.|vite[\\/]preload-helper)/;

export default defineConfig({
  plugins: [UnoCSS(), react(), zawgyiDetectorForBrowsers, preloadOrder(), precompress()],
  resolve: {
    // Libraries written for React 17 too import a shim of useSyncExternalStore: on React 19 the
    // hook is React's own (decision 0041).
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: new URL('./src/lib/react-sync-store.ts', import.meta.url).pathname },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  server: {
    proxy: { '/api': apiTarget, '/assets': apiTarget, '/game-frame': apiTarget },
  },
  build: {
    target: 'es2020',
    cssCodeSplit: true,
    // The page's start script adds the modulepreload links before the entry exists, so Vite's
    // polyfill (in the entry) would come too late to fetch them; a browser without modulepreload
    // (Safari before 17) fetches each chunk as its module script asks for it instead.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Two vendor chunks for what every page needs: fewer requests and better compression than
        // a dozen shared slivers, yet none over 60 kB on the wire (issue 14; docs/decisions/0016):
        // React's DOM renderer alone, and the rest.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 5 },
            { name: 'vendor', test: /node_modules[\\/](react|xstate|@xstate|i18next|wouter|regexparam|use-sync-external-store)[\\/]|[\\/]src[\\/]lib[\\/]react-sync-store\./, priority: 4 },
            // Whatever the entry loads at once stays with the entry: the two groups below take their
            // modules' imports along, and must not pull the entry's own into a lazy chunk.
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The small pieces most pages' chunks share, and the lobby's lazy parts, each as one
            // chunk: two dozen slivers of a few hundred bytes each cost more on the wire than
            // their code (brotli compresses each file alone): 131.4 -> 126.6 kB for `/` (issue 30).
            { name: 'shared', test: SHARED, priority: 2 },
            { name: 'lobby', test: LOBBY, priority: 1 },
          ],
        },
      },
    },
  },
});
