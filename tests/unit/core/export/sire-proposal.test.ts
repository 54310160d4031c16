// SIRE's proposal file read tolerantly (docs/sunat/sire-rvie.md): its separator, its header (or none), an extra
// column SUNAT added in one version, zero-padded numbers, a BOM and Windows line ends.
import { describe, expect, it } from 'vitest';
import { readProposal } from '../../../../electron/core/export/sire';

const brief = (text: string) => readProposal(text).map((r) => `${r.docType} ${r.series}-${r.number} ${r.total?.toFixed(2) ?? 'null'} ${r.currency}`);

describe('readProposal', () => {
  it('reads a pipe-separated file without a header at the layout positions', () => {
    const line = ['20123456789', 'MI TIENDA', '202611', '', '03/11/2026', '', '03', 'B001', '00000024', '', '1', '41234567', 'Pérez', '0.00', '10.00', '0.00', '1.80', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '11.80', 'PEN', '1.000'];
    expect(brief(`${line.join('|')}|\r\n`)).toEqual(['03 B001-24 11.80 PEN']);
  });

  it('finds the columns by their header (an extra ID column shifts them), a BOM included, and skips lines that name no document', () => {
    const header = 'RUC|ID|Razon Social|Periodo|CAR SUNAT|Fecha de emisión|Fecha Vcto/Pago|Tipo CP/Doc.|Serie del CDP|Nro CP o Doc. Nro Inicial (Rango)|Nro Final (Rango)|Tipo Doc Identidad|Nro Doc Identidad|Apellidos Nombres/ Razon  Social|Valor Facturado Exportación|BI Gravada|Dscto BI|IGV / IPM DG|Dscto IGV / IPM|Mto Exonerado|Mto Inafecto|ISC|BI Grav IVAP|IVAP|ICBPER|Otros Tributos|Total CP|Moneda|Tipo de Cambio';
    const row = (type: string, series: string, number: string, total: string, currency: string) =>
      ['20123456789', '7', 'MI TIENDA', '202611', 'x', '03/11/2026', '', type, series, number, '', '6', '20100070970', 'CLIENTE SAC', '0', '100', '0', '18', '0', '0', '0', '0', '0', '0', '0', '0', total, currency, '3.751'].join('|');
    const text = `\uFEFF${header}\n${row('7', 'fc01', '0003', '-5.9', 'usd')}\n${row('01', 'F001', '12', '118', 'PEN')}\nTotal|||||\n\n`;
    expect(brief(text)).toEqual(['07 FC01-3 -5.90 USD', '01 F001-12 118.00 PEN']);
  });

  it('reads a comma-separated file with quoted names, and a total that is no number as null', () => {
    const header = 'Ruc,Razon Social,Periodo,CAR SUNAT,Fecha de emisión,Fecha Vcto/Pago,Tipo CP/Doc.,Serie del CDP,Nro CP o Doc. Nro Inicial (Rango),Nro Final (Rango),Tipo Doc Identidad,Nro Doc Identidad,Apellidos Nombres/ Razón Social,Valor Facturado Exportación,BI Gravada,Dscto BI,IGV / IPM,Dscto IGV / IPM,Mto Exonerado,Mto Inafecto,ISC,BI Grav IVAP,IVAP,ICBPER,Otros Tributos,Total CP,Moneda,Tipo Cambio';
    const text = `${header}\r\n20123456789,MI TIENDA,202611,,01/11/2026,,03,B001,5,,1,41234567,"Pérez, Juan",0,10,0,1.8,0,0,0,0,0,0,0,0,11.80,PEN,1.000\r\n20123456789,MI TIENDA,202611,,01/11/2026,,03,B001,6,,1,41234567,"Ana ""La"" Ruiz",0,10,0,1.8,0,0,0,0,0,0,0,0,-,PEN,1.000`;
    expect(brief(text)).toEqual(['03 B001-5 11.80 PEN', '03 B001-6 null PEN']);
  });
});
