// Types of after-pack.mjs (for the packaging test).
import type { FuseConfig } from '@electron/fuses';

export declare function fuseConfig(electronPlatformName: string): FuseConfig;
export declare function afterPack(context: {
  electronPlatformName: string;
  appOutDir: string;
  packager: { addElectronFuses(context: unknown, fuses: FuseConfig): Promise<unknown> | unknown };
}): Promise<void>;
export default afterPack;
