// Selling and the documents a sale makes: issuing (sales, notes, returns of another till's sale), voids,
// corrections, re-issues and the documents screen. What a sale needs is committed inside its service; the rest
// (events, the drawer, waking the outbox, the checkpoint) runs after the commit, and never fails the call.
import type { Handlers } from '../dispatch';
import type { CoreContext } from './context';
import type { ClockGuard } from '../services/clock-guard';
import type { DocumentsService } from '../services/documents';

export function documentHandlers(c: CoreContext) {
  const {
    settings, shop, outbox, documentsRepo, paymentsRepo, numbering, numberingRepo, clockGuard, clock, issue,
    shopReturns, voids, voidSender, auth, documents, now, emit, emitStatusSoon, kickDrawer, checkpoint, afterCommit,
    afterAnswer, mailOnIssue,
  } = c;
  /** A credit or debit note committed: the windows told, the outbox woken, the drawer opened for a cash refund. */
  const noteIssued = (method: string, row: Parameters<DocumentsService['summaryOf']>[0]) => {
    afterCommit(`${method}: notify and wake the outbox`, () => {
      emit({ type: 'document', id: row.id, status: row.status });
      emitStatusSoon();
      outbox.wake();
      if (paymentsRepo.of(row.id).some((p) => p.kind === 'cash')) kickDrawer('cash refund');
      shop.wake();
    });
    return documents.summaryOf(row);
  };
  /**
   * A note's series held after a restore or a damaged -wal: refused, or jumped ahead by the cashier's
   * choice, as a sale is; without this the note would meet the hold inside its transaction as a bare store error.
   */
  const beforeNote = async (type: '07' | '08', of: '01' | '03', clientKey: string | undefined, confirmed: readonly string[]) => {
    // A retry of a note already issued (same key) returns it: nothing to confirm again.
    if (clientKey !== undefined && documentsRepo.getByClientKey(clientKey) !== undefined) return;
    const n = settings.noteSeriesNames();
    const series = type === '07' ? (of === '01' ? n.creditFactura : n.creditBoleta) : of === '01' ? n.debitFactura : n.debitBoleta;
    await numbering.beforeIssue(type, series, confirmed);
  };
  return {
    issueSale: async (input) => {
      const { confirmed = [], ...sale } = input;
      // A retry of a sale already issued (same key) returns it: nothing to confirm again.
      const repeat = documentsRepo.getByClientKey(sale.clientKey) !== undefined;
      let clockDoubt: ReturnType<ClockGuard['check']> = null;
      if (!repeat) {
        const names = settings.seriesNames();
        await numbering.beforeIssue(sale.docType, sale.docType === '01' ? names.factura : names.boleta, confirmed);
        // The time counts as checked while the API answers and its clock agrees with this PC's (ClockSkew).
        clockDoubt = clockGuard.check(now(), outbox.status.online === true && clock.offMinutes === null, confirmed);
      }
      const row = issue.issue(sale);
      if (clockDoubt) {
        const doubt = clockDoubt;
        afterCommit('issueSale: record the confirmed clock', () =>
          numberingRepo.log({
            kind: 'clock',
            documentId: row.id,
            docType: row.doc_type,
            series: row.series,
            to: row.number,
            detail: `Emitido con fecha ${row.issued_at} confirmada por ${auth.current()?.name ?? 'el cajero'}: ${doubt.message}`,
          }),
        );
      }
      // After the sale's commit: a crash in between leaves the sale without its email, never an email without a sale.
      if (!repeat) afterCommit('issueSale: queue its email', () => mailOnIssue(row.id, sale.emailTo));
      afterCommit('issueSale: notify and wake the outbox', () => {
        emit({ type: 'document', id: row.id, status: row.status });
        emitStatusSoon();
        if (paymentsRepo.of(row.id).some((p) => p.kind === 'cash')) kickDrawer('cash sale');
        checkpoint.soon();
      });
      // The outbox's claim of this sale is a durable commit of its own; it runs once the sale has answered.
      afterAnswer('issueSale: wake the outbox', () => {
        outbox.wake();
        shop.wake();
      });
      return documents.summaryOf(row);
    },
    reissueDocument: (input) => {
      const row = issue.reissue(input.id);
      afterCommit('reissueDocument: wake the outbox', () => {
        emit({ type: 'document', id: row.id, status: row.status });
        // The old one is resolved now: the status bar's "Requieren atención" counts one less.
        emit({ type: 'document', id: input.id, status: documentsRepo.getById(input.id)?.status ?? row.status });
        emitStatusSoon();
        outbox.wake();
        shop.wake();
      });
      return documents.summaryOf(row);
    },
    issueNote: async (input) => {
      // A cashier's note (a return at the till) carries a supervisor's PIN; checked before anything else is looked at.
      const { confirmed = [], approval, ...note } = input;
      auth.approve('supervisor', 'Una nota de crédito o débito', approval);
      // What other tills credited on this sale, when the shop server is online (several tills).
      const others = await shopReturns.othersOn(note.of);
      voids.guardNote(note.of);
      const of = documentsRepo.getById(note.of)?.doc_type;
      if (of === '01' || of === '03') await beforeNote(note.type, of, note.clientKey, confirmed);
      const row = await shopReturns.issueOwn(note, others);
      return noteIssued('issueNote', row);
    },
    findShopSale: (input) => shopReturns.find(input),
    issueShopNote: async (input) => {
      const { confirmed = [], approval, ...note } = input;
      auth.approve('supervisor', 'Una nota de crédito o débito', approval);
      await beforeNote(note.type, note.sale.series.startsWith('F') ? '01' : '03', note.clientKey, confirmed);
      const row = await shopReturns.issue(note);
      return noteIssued('issueShopNote', row);
    },
    getVoid: (input) => voids.view(input.of),
    getVoidStates: (input) => voids.states(input.ids),
    voidDocument: (input) => {
      // Recorded here against this till's own notes; the shop server's ledger (every till's notes) is asked before each
      // send (void-sender.ts beforeSend), and a void it refuses is never sent.
      const view = voids.request(input.of, input.reason);
      afterCommit('voidDocument: wake the void outbox', () => {
        emit({ type: 'document', id: input.of, status: documentsRepo.getById(input.of)?.status ?? 'accepted' });
        voidSender.wake();
      });
      return view;
    },
    retryVoid: (input) => {
      const view = voids.retry(input.of);
      afterCommit('retryVoid: wake the void outbox', () => voidSender.wake());
      return view;
    },
    getVoidSettings: () => voids.settingsView(),
    saveVoidSettings: (input) => voids.saveSettings(input),
    correctDocument: (input) => {
      const row = issue.correct(input.id, input.customer);
      afterCommit('correctDocument: notify and wake the outbox', () => {
        emit({ type: 'document', id: row.id, status: row.status });
        emitStatusSoon();
        outbox.retryNow();
        shop.wake();
      });
      return documents.summaryOf(row);
    },
    retryAll: () => {
      // The documents the API refused go back to the queue too, once (same payload, same number).
      const resent = documentsRepo.queue.requeueInvalid();
      const count = outbox.sendAllNow() + resent;
      emitStatusSoon();
      return { count };
    },
    listDocuments: (input) => documents.list(input),
    getDocument: (input) => documents.detail(input.id),
    retryDocument: (input) => {
      const summary = documents.retry(input.id);
      outbox.retryNow();
      emitStatusSoon();
      return summary;
    },
    registerReprint: (input) => documents.registerReprint(input.id),
    getCdrZip: (input) => documents.cdrZip(input.id),
  } satisfies Partial<Handlers>;
}
