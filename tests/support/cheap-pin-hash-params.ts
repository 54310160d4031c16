// The cheap PIN hash cost the tests use (N = 2^10 instead of 2^16: a few milliseconds instead of a quarter second), in
// a module of its own so that the browser tests, which cannot load Vitest, take the same value.
export const CHEAP_PIN_HASH = { N: 1024, r: 8, p: 1 };
