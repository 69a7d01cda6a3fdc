import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  // The compute worker's dependencies are not reached by the crawl from index.html; pre-bundling them avoids a
  // full reload on the first `npm start`.
  optimizeDeps: { include: ['comlink', 'ml-matrix'] },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'cli/**/*.test.ts',
      'workers/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
      'eslint.config.test.ts',
    ],
    environment: 'node',
    testTimeout: 30000,
  },
});
