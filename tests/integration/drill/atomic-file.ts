// A drill till's own notes (the write it is sending, how many it made) written whole or not at all: a SIGKILL in the
// middle of a plain write leaves a cut file, and the next life would read half a JSON. A rename replaces the file at
// once.
import fs from 'node:fs';

export function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}
