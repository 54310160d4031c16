// Arithmetic checks of an invoice payload, with SUNAT's tolerance of ±1 (docs/sunat/reference.md §1.3, §1.10).
// Each check names the factura ERROR code and the boleta OBSERV code it maps to.
import Decimal from 'decimal.js';
import type { Invoice } from '../../shared/api';

export interface TotalsIssue {
  /** Code when the document is a factura (rejection 2000–3999). */
  facturaCode: string;
  /** Code when the document is a boleta (observation ≥ 4000); undefined = rejects a boleta too. */
  boletaCode?: string;
  /** Spanish description of the factura error. */
  facturaText: string;
  /** Spanish description of the boleta observation. */
  boletaText: string;
}

const TOLERANCE = new Decimal(1);

function sum(values: number[]): Decimal {
  return values.reduce((acc, v) => acc.plus(v), new Decimal(0));
}

function off(a: Decimal, b: Decimal | number): boolean {
  return a.minus(b).abs().greaterThan(TOLERANCE);
}

/** Returns every arithmetic inconsistency of the payload, in a fixed order. */
export function checkTotals(invoice: Invoice): TotalsIssue[] {
  const issues: TotalsIssue[] = [];
  const lines = invoice.detalle;

  // Line IGV vs base × rate: rejects facturas AND boletas (3103, docs/sunat/reference.md §1.10).
  const badLine = lines.some((l) => off(new Decimal(l.monto_Base_Igv).times(l.porcentaje_Igv).dividedBy(100), l.igv));
  if (badLine) {
    const text =
      'El producto del factor y monto base de la afectación del IGV no corresponde al monto de afectación de la línea.';
    issues.push({ facturaCode: '3103', facturaText: text, boletaText: text });
  }

  const lineValues = sum(lines.map((l) => l.monto_Valor_Venta));
  if (off(lineValues, invoice.valor_Venta)) {
    issues.push({
      facturaCode: '3278',
      boletaCode: '4309',
      facturaText: 'El total valor de venta no corresponde a la sumatoria de los valores de venta de las líneas.',
      boletaText: 'La sumatoria de valor de venta no corresponde a los importes consignados',
    });
  }

  const lineIgv = sum(lines.map((l) => l.igv));
  if (off(lineIgv, invoice.monto_Igv)) {
    issues.push({
      facturaCode: '3291',
      boletaCode: '4290',
      facturaText: 'La sumatoria de los IGV de las líneas no corresponde al total del IGV.',
      boletaText: 'El cálculo del IGV es Incorrecto',
    });
  }

  const inclusive = new Decimal(invoice.valor_Venta).plus(invoice.total_Impuestos);
  if (off(inclusive, invoice.sub_Total)) {
    issues.push({
      facturaCode: '3279',
      boletaCode: '4310',
      facturaText: 'El total precio de venta no corresponde al total valor de venta más los tributos.',
      boletaText: 'La sumatoria del Total del valor de venta más los impuestos no concuerda con la base imponible',
    });
  }

  if (off(inclusive, invoice.monto_Imp_Venta)) {
    issues.push({
      facturaCode: '3280',
      boletaCode: '4312',
      facturaText: 'El importe total no corresponde al total valor de venta más los tributos.',
      boletaText: 'El importe total del comprobante no coincide con el valor calculado',
    });
  }
  return issues;
}
