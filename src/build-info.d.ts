/** Set by `vite.config.ts` at build time: identifies the build (offline cache versioning). */
declare const __APP_BUILD_ID__: string;
