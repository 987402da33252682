/** Set by `vite.config.ts` at build time: identifies the build (offline cache versioning). */
declare const __APP_BUILD_ID__: string;
/** The server's `SUPPORT_EMAIL` at build time (vite.config.ts). */
declare const __SUPPORT_EMAIL__: string;
