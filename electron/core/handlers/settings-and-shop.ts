// Ajustes, the first-run setup, the API token and the shop server: what the
// settings screens and the status bar call.
import type { Handlers } from '../dispatch';
import type { CoreContext } from './context';
import { discoverShopServers, registerTill } from '../server-host';
import { testConnection } from '../services/connection-test';

export function settingsAndShopHandlers(c: CoreContext) {
  const {
    settings, shop, serverHost, outbox, setup, options, saveSettings, status,
  } = c;
  return {
    getStatus: () => status(),
    getSettings: () => settings.view(),
    saveSettings: async (input) => {
      // A series another till owns on the shop server is refused before anything is saved.
      await shop.checkSettings(input);
      const view = saveSettings(input);
      shop.settingsSaved(input);
      return view;
    },
    setShopServerPassword: (input) => shop.setPassword(input.password),
    testShopServer: () => shop.probe(),
    // "Esta PC es el servidor de la tienda", and a till joining one with its code.
    getServerHost: () => serverHost.view(),
    enableServerHost: () => serverHost.enable(),
    startServerHost: () => serverHost.start(),
    stopServerHost: () => serverHost.stop(),
    newRegistrationCode: () => serverHost.newCode(),
    dumpServerHostNow: () => serverHost.dumpNow(),
    restoreServerHostDump: (input) => serverHost.restore(input.fileName),
    adoptServerHostMajor: () => serverHost.adoptShippedMajor(),
    discoverShopServers: () => discoverShopServers(),
    joinShopServer: async (input) => {
      const joined = await registerTill(input);
      shop.setPassword(joined.password);
      const update = { shopServer: joined.settings };
      await shop.checkSettings(update);
      const view = saveSettings(update);
      shop.settingsSaved(update);
      return view;
    },
    searchShopDocuments: (input) => shop.search(input),
    getShopDocument: (input) => shop.detail(input.idBaseDato),
    listUnappliedChanges: () => shop.unapplied(),
    getShopRefusals: () => shop.refusals(),
    registerAsNewTill: () => shop.registerAsNewTill(),
    setToken: (input) => {
      const result = settings.setToken(input.token, input.target);
      outbox.unblockAuth();
      return result;
    },
    completeSetup: (input) => setup.complete(input),
    previewGoLive: () => setup.previewGoLive(),
    testConnection: () => testConnection(options.fetch, settings.configuredApi(), settings.company().ruc),
  } satisfies Partial<Handlers>;
}
