import { describe, expect, it } from 'vitest';
import { qrText, type QrFields } from '../../../../shared/printing/qr-text';

const base: QrFields = {
  ruc: '20123456789',
  docType: '03',
  series: 'B001',
  number: 1,
  igv: 18,
  total: 118,
  issueDate: '2026-03-01',
  customerDocType: '1',
  customerDocNumber: '48285071',
  hash: null,
};

describe('qrText', () => {
  it('writes the ten fields with a trailing pipe and an empty hash before the API answers (reference §6.2 example)', () => {
    expect(qrText(base)).toBe('20123456789|03|B001|1|18.00|118.00|2026-03-01|1|48285071||');
  });

  it('adds the hash as the tenth field once known', () => {
    expect(qrText({ ...base, hash: 'qqnr2dN4p/HmaEA/CJuVGo7dv5g=' })).toBe(
      '20123456789|03|B001|1|18.00|118.00|2026-03-01|1|48285071|qqnr2dN4p/HmaEA/CJuVGo7dv5g=|',
    );
  });

  it('drops the padding of the number and keeps two decimals with a dot, rounding half up', () => {
    const text = qrText({ ...base, docType: '01', series: 'F001', number: '00000120', igv: '0.005', total: '1234.5', customerDocType: '6', customerDocNumber: '20100066603' });
    expect(text).toBe('20123456789|01|F001|120|0.01|1234.50|2026-03-01|6|20100066603||');
  });

  it('keeps the anonymous customer of a boleta as stored', () => {
    expect(qrText({ ...base, customerDocType: '0', customerDocNumber: '00000000' }).split('|').slice(7, 9)).toEqual(['0', '00000000']);
  });

  it('never lets a pipe inside a field shift the others', () => {
    const fields = qrText({ ...base, customerDocNumber: '48|28', hash: 'a|b' }).split('|');
    expect(fields).toHaveLength(11);
    expect(fields[8]).toBe('4828');
    expect(fields[9]).toBe('ab');
    expect(fields[10]).toBe('');
  });
});
