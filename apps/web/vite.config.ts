import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) serves /api and the Swagger UI under /docs.
const apiServer = 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiServer,
      '/docs': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/, priority: 15 },
            // Only the lazily loaded run charts need ECharts: its own chunk, fetched with them.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 18 },
            // Only the lazily loaded XML view of the config editor needs CodeMirror: its own chunk too.
            { name: 'codemirror', test: /node_modules[\\/](@codemirror|codemirror|@lezer|style-mod|w3c-keyname|crelt|@marijn)[\\/]/, priority: 18 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
