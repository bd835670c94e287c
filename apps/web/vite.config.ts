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
    // dist/.vite/manifest.json: the chunk graph `npm run bench -- first-page` measures the first page with.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app and every page needs them: their own chunk stays
        // cached across releases. Other libraries (Mantine, TanStack, zod, …) are not grouped: a group is one
        // chunk, loaded whole by the first page that needs any of it; ungrouped, each lazily loaded page
        // (app/pages.ts) brings the library parts only it uses.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
            // Only the lazily loaded run charts need ECharts: its own chunk, fetched with them.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 18 },
            // Only the lazily loaded XML view of the config editor needs CodeMirror: its own chunk too.
            { name: 'codemirror', test: /node_modules[\\/](@codemirror|codemirror|@lezer|style-mod|w3c-keyname|crelt|@marijn)[\\/]/, priority: 18 },
          ],
        },
      },
    },
  },
});
