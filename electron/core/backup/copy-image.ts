// The one way to read a copy as SQLite. A full copy is its own file; a differential copy is rebuilt into a temporary
// file beside it (differential.ts), checked against the SHA-256 it was verified with, and removed after use. Every
// check and every restore reads copies through here, so a differential is held to the same checks as a full copy.
import fs from 'node:fs';
import path from 'node:path';
import { CoreError } from '../services/errors';
import { materializeDifferential } from './differential';
import { isDifferentialName } from './naming';

export interface CopyImage {
  /** A SQLite file with the copy's content. */
  path: string;
  /** Removes the temporary image (nothing for a full copy). */
  cleanup(): void;
}

export function isDifferentialCopy(file: string): boolean {
  return isDifferentialName(path.basename(file));
}

/** The copy at `file` as a SQLite file; throws CoreError('backup_invalid') when a differential cannot be rebuilt. */
export async function openCopyImage(file: string): Promise<CopyImage> {
  if (!isDifferentialCopy(file)) return { path: file, cleanup: () => {} };
  const image = await materializeDifferential(file);
  return {
    path: image,
    cleanup: () => {
      for (const f of [image, `${image}-journal`, `${image}-wal`, `${image}-shm`]) fs.rmSync(f, { force: true });
    },
  };
}

/**
 * Runs `fn` with the copy's image, removing a temporary image afterwards whatever happens. A refusal that names the
 * temporary image names the copy the user chose instead.
 */
export async function withCopyImage<T>(file: string, fn: (image: string) => Promise<T>): Promise<T> {
  const image = await openCopyImage(file);
  try {
    return await fn(image.path);
  } catch (error) {
    if (image.path !== file && error instanceof CoreError) {
      throw new CoreError(error.code, error.message.split(path.basename(image.path)).join(path.basename(file)), error.fields);
    }
    throw error;
  } finally {
    image.cleanup();
  }
}
