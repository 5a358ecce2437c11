import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The workspace API (examples/workspace/server) serves `/api`; in development Vite proxies it.
const api = `http://127.0.0.1:${process.env.WORKSPACE_API_PORT ?? 4800}`;

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // TanStack Query and Virtual in one shared chunk rather than a small chunk per hook:
            // the inbox's first screen needs them all, and one chunk gzips about 3 KB smaller.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WORKSPACE_WEB_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      // The web-chat widget's script and demo page (server/src/integrations/channels/webchat).
      '/widget': { target: api, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.WORKSPACE_WEB_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      // The web-chat widget's script and demo page (server/src/integrations/channels/webchat).
      '/widget': { target: api, changeOrigin: false },
    },
  },
});
