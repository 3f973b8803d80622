import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves apps/web/dist on the same origin as the API; `npm run dev` proxies to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/ben-api': apiTarget,
      '/uni-api': apiTarget,
      '/permissionApi': apiTarget,
      '/track': apiTarget,
      '/ws': apiTarget,
      // The /health page (title 检测) is a client route; only its JSON fetch goes to the server.
      '/health': {
        target: apiTarget,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
  build: {
    target: 'es2022',
    // bench/web-chunks.mjs reads the chunk graph from dist/.vite/manifest.json
    manifest: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
    rolldownOptions: {
      treeshake: {
        // The shared contracts are declarations only (constants, schemas): let unused ones drop
        // out, so the entry chunk does not carry zod for the schemas only lazy forms use.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
