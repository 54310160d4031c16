export { ServerHostService } from './service';
export { registerTill, RegistrationError } from './register-till';
export { browse as discoverShopServers } from './discovery';
export { shippedMajor, platformPackage } from './pg-programs';
