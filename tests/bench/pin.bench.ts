// The offline cost of one PIN guess: an attacker holding a staff row (hash and salt) runs scrypt once per guess, with
// the parameters stored in the hash (pin-hash.ts CURRENT_PARAMS). Timed on one thread, as one core of the attacker.
import { hashPin, pinMatches } from '../../electron/core/users';
import { percentile, report, timeEach } from './stats';

export async function run(guesses: number): Promise<void> {
  const { hash, salt } = await hashPin('246810');
  let i = 0;
  const samples = await timeEach(guesses, () => pinMatches(String(100000 + i++), hash, salt));
  const best = Math.min(...samples);
  const median = percentile(samples, 50);
  const hours = (digits: number, ms: number) => (10 ** digits * ms) / 3_600_000;
  report('pin guess (scrypt, one core)', {
    params: hash.split('$').slice(1, 4).join('/'),
    min_ms: best,
    p50_ms: median,
    '4_digits_min': hours(4, best) * 60,
    '6_digits_days': hours(6, best) / 24,
  });
}
