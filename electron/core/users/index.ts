export { AuthService } from './auth';
export { hashPin, pinMatches } from './pin-hash';
