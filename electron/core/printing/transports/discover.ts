// What Ajustes can offer to choose from: the CUPS queues (`lpstat -e`), the USB printer devices the kernel
// made (/dev/usb/lp*), or Windows' printers (Get-Printer). Nothing found is an empty list, never an error.
import fs from 'node:fs/promises';
import { runCommand, type RunCommand } from './run-command';

export interface PrinterTargets {
  queues: string[];
  devices: string[];
}

export async function discoverPrinters(platform: NodeJS.Platform = process.platform, run: RunCommand = runCommand, devDir = '/dev/usb'): Promise<PrinterTargets> {
  const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (platform === 'win32') {
    const out = await run('powershell.exe', ['-NoLogo', '-NoProfile', '-NonInteractive', '-Command', 'Get-Printer | ForEach-Object { $_.Name }'], { timeoutMs: 10_000 }).catch(() => null);
    return { queues: out?.code === 0 ? lines(out.stdout) : [], devices: [] };
  }
  const [queues, devices] = await Promise.all([
    run('lpstat', ['-e'], { timeoutMs: 5_000, env: { ...process.env, LC_ALL: 'C' } })
      .then((r) => (r.code === 0 ? lines(r.stdout) : []))
      .catch(() => []),
    fs
      .readdir(devDir)
      .then((names) => names.filter((n) => /^lp\d{1,2}$/.test(n)).sort().map((n) => `${devDir}/${n}`))
      .catch(() => []),
  ]);
  return { queues, devices };
}
