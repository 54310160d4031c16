// electron-builder afterPack hook (see electron-builder.json): flips Electron's fuses in the packed binary, before
// signing and before the installers are made. Off: running as plain Node (ELECTRON_RUN_AS_NODE), NODE_OPTIONS,
// --inspect switches, extra file:// privileges, a browser-specific V8 snapshot. On: cookie encryption, the asar
// integrity check (Windows and macOS; Linux has no integrity support and ignores it), loading the app only from
// app.asar.
import fuses from '@electron/fuses';

const { FuseV1Options, FuseVersion } = fuses;

/**
 * The fuse wire every Caja package ships with. Every fuse @electron/fuses knows is set explicitly.
 * `strictlyRequireAllFuses` stays off: Electron releases newer than the installed @electron/fuses add fuses it cannot
 * name, and the strict mode would then fail the build; those keep Electron's defaults.
 */
export function fuseConfig(electronPlatformName) {
  return {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: electronPlatformName === 'darwin',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** @param {import('app-builder-lib').AfterPackContext} context */
export async function afterPack(context) {
  // addElectronFuses finds the packed binary (caja, Caja.exe, Caja.app) and runs @electron/fuses' flipFuses on it.
  await context.packager.addElectronFuses(context, fuseConfig(context.electronPlatformName));
}

export default afterPack;
