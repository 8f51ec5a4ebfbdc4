import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { routeBytes } from './route-bytes.ts';

// npm run build runs build.ts: a 'survey' pass, then this config with the app's shell in one chunk (shell-chunk.ts).
export default defineConfig(({ mode }) => ({
  // Brotli and gzip files beside every asset: the server sends them as they are, compressing nothing per request.
  // routeBytes prints each route's JavaScript after the build (issue 33). The survey pass needs neither.
  plugins: [react(), ...(mode === 'survey' ? [] : [compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }), routeBytes()])],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true } },
  },
}));
