import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import UnoCSS from 'unocss/vite';

const apiTarget = process.env.API_PROXY ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [UnoCSS(), react()],
  server: {
    proxy: { '/api': apiTarget, '/assets': apiTarget, '/game-frame': apiTarget },
  },
  build: {
    target: 'es2020',
    cssCodeSplit: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // One vendor chunk for what every page needs: fewer requests and better compression than
        // a dozen shared slivers.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|i18next|react-i18next|wouter|regexparam|use-sync-external-store|ofetch|destr|ufo)[\\/]/ }],
        },
      },
    },
  },
});
