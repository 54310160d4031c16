// The tests' own ESC/POS reader, checked on bytes written by hand from the command reference, so that the
// printing tests stand on something other than the encoder the app uses.
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../support/escpos-decoder';

const ESC = 0x1b;
const GS = 0x1d;
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe('the ESC/POS decoder of the tests', () => {
  it('reads text in cp850, a QR, a raster image, a pulse and a cut, in order', () => {
    const qr = ascii('20123456789|03|B001|1|');
    const job = new Uint8Array([
      ESC, 0x40, ESC, 0x74, 2,
      ...ascii('A'), 0xa4, ...ascii('o '), 0xe0, ...ascii('ptimo '), 0xa8, 0xad, 0x0a,
      ESC, 0x45, 1, GS, 0x21, 0x01, ...ascii('TOTAL'), GS, 0x21, 0x00, ESC, 0x45, 0, 0x0d, 0x0a,
      GS, 0x28, 0x6b, 3, 0, 49, 67, 6,
      GS, 0x28, 0x6b, qr.length + 3, 0, 49, 80, 48, ...qr,
      GS, 0x28, 0x6b, 3, 0, 49, 81, 48,
      GS, 0x76, 0x30, 0, 2, 0, 3, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      ESC, 0x70, 0, 25, 250,
      ESC, 0x74, 19, 0xd5, 0x0a,
      GS, 0x56, 66, 3,
    ]);
    const decoded = decodeEscPos(job);
    expect(decoded.lines).toEqual(['Año Óptimo ¿¡', 'TOTAL', '€']);
    expect(decoded.styled[1]).toEqual({ text: 'TOTAL', bold: true, tall: true });
    expect(decoded.qr).toEqual(['20123456789|03|B001|1|']);
    expect(decoded.images).toEqual([{ width: 16, height: 3 }]);
    expect(decoded.pulses).toEqual([{ pin: 2, onMs: 50, offMs: 500 }]);
    expect(decoded.cuts).toBe(1);
    expect(decoded.codePages).toEqual([2, 19]);
    expect(decoded.events.map((e) => e.kind)).toEqual(['text', 'text', 'qr', 'image', 'pulse', 'text', 'cut']);
  });

  it('refuses what it does not know, and a job cut short', () => {
    expect(() => decodeEscPos(new Uint8Array([ESC, 0x7e, 1]))).toThrow('unknown ESC command 0x7e at byte 0');
    expect(() => decodeEscPos(new Uint8Array([GS, 0x76, 0x30, 0, 2, 0, 3, 0, 0xff]))).toThrow('ends inside a command');
  });
});
