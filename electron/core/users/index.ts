export { AuthService } from './auth';
export { hashPin, pinMatches } from './pin-hash';
export { mergeLockouts, type LockoutState } from './lockout';
