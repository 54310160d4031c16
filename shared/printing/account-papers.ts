// A customer account's papers, built once: the constancia de pago of a collection (not a SUNAT document) and the
// estado de cuenta. The HTML ticket (renderer/print/AccountPaperTicket.tsx) and the raw ESC/POS job
// (electron/core/printing/escpos/report-job.ts) each only lay them out, so the screen and the printer never disagree.
import { Dec } from '../billing/decimal';
import { ACCOUNT_ENTRY_LABELS, type Collection, type CustomerAccount } from '../bridge/accounts';
import { dateTimeText, dayText } from './printed-text';
import type { ReportSection } from './report-sections';

export interface AccountPaper {
  title: string;
  /** Label and value lines under the title. */
  meta: [string, string][];
  sections: ReportSection[];
  /** Sentences at the end. */
  footer: string[];
}

const customerLine = (c: { docType: string; docNumber: string; name: string }) =>
  `${c.name ? `${c.name} · ` : ''}${c.docType === '6' ? 'RUC' : c.docType === '1' ? 'DNI' : 'Doc.'} ${c.docNumber}`;

/** What the customer owes, or the credit in their favour, as a row. */
const balanceRow = (label: string, balance: string, strong = false) =>
  new Dec(balance).isNegative()
    ? { label: `${label} (a favor del cliente)`, amount: new Dec(balance).neg().toFixed(2), strong }
    : { label, amount: balance, strong };

export function collectionPaper(c: Collection): AccountPaper {
  return {
    title: 'CONSTANCIA DE PAGO',
    meta: [
      ['N.º', String(c.id)],
      ['Fecha', dateTimeText(c.at)],
      ['Cliente', customerLine(c.customer)],
      ['Medio de pago', c.methodLabel],
      ...(c.cashier ? [['Cajero', c.cashier] as [string, string]] : []),
    ],
    sections: [
      {
        title: 'Aplicado a',
        empty: 'A cuenta (saldo a favor)',
        rows: c.applied.map((a) => ({ label: `${a.document} cuota ${a.cuota}${a.stillOpen === '0.00' ? ' (pagada)' : ` (quedan ${a.stillOpen})`}`, amount: a.amount })),
      },
      {
        title: 'Saldo',
        rows: [
          balanceRow('Saldo anterior', c.balanceBefore),
          { label: 'Pagado', amount: c.amount },
          ...(c.inFavour !== '0.00' ? [{ label: 'Queda a favor del cliente', amount: c.inFavour }] : []),
          balanceRow('Saldo actual', c.balanceAfter, true),
        ],
      },
    ],
    footer: ['Constancia de pago de una deuda: no es un comprobante de pago electrónico.'],
  };
}

export function statementPaper(a: CustomerAccount, generatedAt: string): AccountPaper {
  return {
    title: 'ESTADO DE CUENTA',
    meta: [
      ['Cliente', customerLine(a.customer)],
      ['Emitido', dateTimeText(generatedAt)],
      ['Límite de crédito', a.limit === null ? 'Sin límite' : `S/ ${a.limit}`],
    ],
    sections: [
      {
        title: 'Cuotas pendientes',
        empty: 'Ninguna',
        rows: a.dues.map((d) => ({
          label: `${d.document} cuota ${d.cuota}, vence ${dayText(d.dueDate)}${d.daysLate > 0 ? ` (${d.daysLate} días de atraso)` : ''}`,
          amount: d.open,
        })),
      },
      {
        title: 'Movimientos',
        empty: 'Sin movimientos',
        rows: a.entries.map((e) => ({
          label: `${dateTimeText(e.at).slice(0, 10)} ${ACCOUNT_ENTRY_LABELS[e.kind]}${e.document ? ` ${e.document}` : ''}${e.method ? ` (${e.method})` : ''} · saldo ${e.balance}`,
          amount: e.amount,
        })),
      },
      { title: 'Saldo', rows: [...(a.overdue !== '0.00' ? [{ label: 'Vencido', amount: a.overdue }] : []), balanceRow('Saldo', a.balance, true)] },
    ],
    footer: [],
  };
}
