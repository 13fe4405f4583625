import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web and is built into dist/web, which the API server serves in production.
// In development (`npm run dev`) Vite serves on PORT (3000) and proxies /api to the API on API_PORT (3001).
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  // 'zod' in the browser is zod configured without eval (src/web/zod/index.ts): the CSP allows none.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/web/zod/index.ts', import.meta.url)) }],
  },
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
        // src/web/api/*.ts are modules of the web app, not API calls: Vite serves those itself.
        bypass: (req) => (/^\/api\/[^?]*\.tsx?(\?|$)/.test(req.url ?? '') ? req.url : undefined),
      },
    },
  },
});
