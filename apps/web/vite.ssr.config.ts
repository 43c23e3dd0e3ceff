import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^yoga-layout\/load$/,
        replacement: fileURLToPath(new URL('./src/features/print/pdf/yoga-asmjs.ts', import.meta.url)),
      },
    ],
  },
  // Bundled whole, so the server needs none of the web's packages; React's production build (its development
  // build renders several times slower).
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: fileURLToPath(new URL('./src/ssr/entry-server.tsx', import.meta.url)),
    outDir: 'dist-ssr',
    emptyOutDir: true,
  },
});
