// How a drill's till script ends a life: once its work is done the core is stopped and closed and the script says
// "done"; a failure is printed with its stack and the process exits 1 (the drill reads the output and the code).
import type { Core } from '../../../electron/core/app';

export function liveTill(core: Core, work: () => Promise<void>): void {
  work()
    .then(async () => {
      await core.stop();
      core.close();
      process.stdout.write('done\n');
    })
    .catch((e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
      process.exit(1);
    });
}
