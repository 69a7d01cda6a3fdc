import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The built page's Content-Security-Policy, as a meta tag (a static host sets no headers): scripts and workers from
 * the page's own origin only — no inline script, no eval (zod runs jitless: src/state/zodConfig.ts); WebAssembly may
 * be compiled ('wasm-unsafe-eval': the kernel products of src/core/wasm/windows.wat, shipped inside the bundle, which
 * run where no worker can, and fall back to JavaScript where a stricter policy forbids them); styles from the
 * origin (React and D3 set element styles through the CSSOM, which the policy does not restrict); images also from
 * data: and blob: URLs (the favicon, PNG export draws the SVG through a blob: image). The dev server, which injects
 * inline scripts for hot reload, does without it; e2e/hardening.test.mjs runs the built page under it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * A name for this build (version and time): finished figure results stored in IndexedDB are keyed by it
 * (src/state/resultCache.ts), so that a new build never shows what an older one computed. Development
 * and tests have none and keep results in memory only.
 */
function buildId(): Plugin {
  return {
    name: 'build-id',
    config: (_config, { command }) =>
      command === 'build'
        ? {
            define: {
              __BUILD_ID__: JSON.stringify(`${process.env.npm_package_version ?? '0'}-${Date.now().toString(36)}`),
            },
          }
        : {},
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), buildId()],
  worker: { format: 'es' },
  // Fonts stay files (KaTeX's small ones would be inlined as data: URLs, which the policy's font-src 'self' blocks).
  build: { assetsInlineLimit: (file: string) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined) },
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
