import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT || 3000);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
  server: {
    // `npm run dev`: the Vite dev server forwards API and runtime config to the Fastify server.
    proxy: {
      '/hope-boot': { target: `http://127.0.0.1:${API_PORT}`, ws: true },
      '/runtime-config.js': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
