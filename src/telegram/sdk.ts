import * as sdk from '@twa-dev/sdk';

/** The SDK's WebApp object (the only import of @twa-dev/sdk; loaded lazily via ./setup). */
export type WebAppT = typeof sdk.default;

// @twa-dev/sdk is CommonJS (`exports.default = WebApp`); depending on the bundler's interop the
// namespace's default is WebApp itself or the exports object around it.
const mod = sdk as unknown as { default: WebAppT | { default: WebAppT } };
export const WebApp: WebAppT = 'ready' in mod.default ? mod.default : mod.default.default;
