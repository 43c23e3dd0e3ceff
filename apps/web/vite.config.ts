import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-pdf's layout loads Yoga as WebAssembly, which the CSP blocks; see features/print/pdf/yoga-asmjs.ts.
      {
        find: /^yoga-layout\/load$/,
        replacement: fileURLToPath(new URL('./src/features/print/pdf/yoga-asmjs.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/fs': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
