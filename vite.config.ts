import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { EARLY_REQUESTS_ENTRY, EARLY_REQUESTS_NAME } from './src/routes/route-screens';

/**
 * How the bundler treats our modules' side effects. They do nothing when imported but define what
 * they export, so a feature's index.ts may re-export its parts without each importer carrying all
 * of them; the exceptions are the modules that import a style sheet for its effect (the charts'
 * entry, the management screen's table styles), found here so that a new one cannot be missed.
 */
function ourModuleSideEffects() {
  const src = fileURLToPath(new URL('./src', import.meta.url));
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const withEffects = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => /^import ['"][^'"]+['"];?$/m.test(readFileSync(file, 'utf8')));
  return [
    ...withEffects.map((file) => ({ test: new RegExp(`${literal(file)}$`), sideEffects: true })),
    { test: new RegExp(`^${literal(src)}[\\\\/].+\\.tsx?$`), sideEffects: false },
  ];
}

// `vite build --ssr src/entry-server.tsx`: the server's render of the first screens
// (server/first-screen.ts). It gets no service worker, no compressed copies and no vendor chunks.
export default defineConfig(({ isSsrBuild }) => ({
  // Versions the offline query cache: data persisted by another build is discarded.
  define: {
    __APP_BUILD_ID__: JSON.stringify(new Date().toISOString()),
    // The address named in the login's "any other error" text; the server's SUPPORT_EMAIL.
    __SUPPORT_EMAIL__: JSON.stringify(process.env.SUPPORT_EMAIL || 'service@weindepot.example'),
  },
  resolve: {
    // graphql-request needs only `print` and `Kind` of graphql (src/api/graphql-printer.ts).
    alias: [
      {
        find: /^graphql$/,
        replacement: fileURLToPath(new URL('./src/api/graphql-printer.ts', import.meta.url)),
      },
    ],
  },
  // The server's render runs from the build folder, wherever that is: it brings its packages along.
  ssr: { noExternal: true },
  plugins: [
    react(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'service-worker.ts',
        // public/manifest.webmanifest is ours; index.html links it.
        manifest: false,
        injectRegister: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
          // Install screenshots are for the browser's install dialog, not for offline use. The large
          // maplibre and exceljs chunks stay in the manifest but are not precached: the worker fetches
          // them when the first sync asks (ON_DEMAND_CHUNK in src/sw/cache-names.ts).
          globIgnores: ['**/screenshots/**'],
        },
        devOptions: { enabled: false },
      }),
    // Brotli and gzip copies beside every text asset, made once at build time; the server sends the
    // one the browser accepts (`preCompressed` in server/http.ts), so no request compresses on the fly.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
        exclude: /\.map$/,
        // Small chunks too (the app has many): a copy is kept only where it is smaller.
        threshold: 0,
        skipIfLargerOrEqual: true,
        logLevel: 'silent',
      }),
  ],
  build: isSsrBuild
    ? { target: 'node24' }
    : {
        target: 'es2022',
        sourcemap: true,
        // Read by scripts/check-budgets.ts (first-load JavaScript per route).
        manifest: true,
        rolldownOptions: {
          // The early requests are an entry of their own: the server and the service worker put
          // them before the app's script in the page of a route that has them
          // (server/first-screen.ts, src/sw/service-worker.ts), so `/login`'s first load (150 KB
          // budget) does not carry them.
          input: { index: 'index.html', [EARLY_REQUESTS_NAME]: EARLY_REQUESTS_ENTRY },
          treeshake: { moduleSideEffects: ourModuleSideEffects() },
          output: {
            // Vendor code changes less often than ours, so a deploy invalidates fewer cached bytes.
            codeSplitting: {
              groups: [
                { name: 'exceljs', test: /node_modules[\\/]exceljs/ },
                { name: 'maplibre', test: /node_modules[\\/]maplibre-gl/ },
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                },
                // Mantine's base and the components the sign-in and the depot both draw, as one chunk
                // instead of some twenty small ones: each chunk costs its own import and export
                // lines and compresses on its own, which `/login`'s budget feels.
                {
                  name: 'mantine',
                  test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Box|ActionIcon|Anchor|CloseButton|Input|Loader|LoadingOverlay|Overlay|Paper|Title|Transition|UnstyledButton))[\\/]/,
                },
                // Dexie and dayjs stay out: they are fetched when first used, not with the login page.
                { name: 'data', test: /node_modules[\\/](@tanstack|graphql|graphql-request)[\\/]/ },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/graphql': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
    },
  },
}));
