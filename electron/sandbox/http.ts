// Small HTTP helpers: JSON answers, error bodies (docs/api/invoicing-api.md §2.3 shape) and bounded JSON body reading.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

export function errorAnswer(status: number, message: string): JsonAnswer {
  return { status, body: { status, success: false, message } };
}

export function writeJson(res: ServerResponse, answer: JsonAnswer): void {
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function writeRaw(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Reads the whole body; rejects with 413 beyond maxBytes (draining the rest so the answer can still be sent). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      reject(new HttpError(413, 'El cuerpo de la solicitud excede el tamaño permitido'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new HttpError(413, 'El cuerpo de la solicitud excede el tamaño permitido'));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** Parses a JSON request body; 400 for a wrong content type or text that is not JSON. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const body = await readBody(req, maxBytes);
  if (type !== 'application/json') {
    throw new HttpError(400, 'El tipo de contenido debe ser application/json');
  }
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'El cuerpo de la solicitud no es un JSON válido');
  }
}

export function hasBearer(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match !== null && match[1] === token;
}
