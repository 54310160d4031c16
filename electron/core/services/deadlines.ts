import type { DocStatus } from '../../../shared/bridge/status';
import { limaDate, type IssuedDocType } from '../../../shared/catalog';

/**
 * Calendar days SUNAT gives to declare a document, counted from the day after its issue date (docs/sunat/reference.md §5).
 * Notes: "facturas and their notes: sent within 3 calendar days" (docs/sunat/notes.md); the shorter one is
 * kept for notes on boletas too, since the sources disagree there.
 */
const DEADLINE_DAYS: Record<IssuedDocType, number> = { '01': 3, '03': 5, '07': 3, '08': 3 };
const DAY_MS = 86_400_000;

export interface Deadline {
  /** Last Lima calendar day on which the document may still reach SUNAT (YYYY-MM-DD). */
  lastDay: string;
  /** Not yet declared and the last day has passed. */
  overdue: boolean;
  /** Not yet declared and the last day is today or tomorrow. */
  atRisk: boolean;
}

/** issueDate is the Lima calendar day of issue (YYYY-MM-DD). */
export function deadlineOf(docType: IssuedDocType, issueDate: string, status: DocStatus, now: Date): Deadline {
  const issued = Date.parse(`${issueDate}T00:00:00Z`);
  const lastDay = new Date(issued + DEADLINE_DAYS[docType] * DAY_MS).toISOString().slice(0, 10);
  const open = status !== 'accepted' && status !== 'observed' && status !== 'rejected';
  const today = limaDate(now);
  const tomorrow = limaDate(new Date(now.getTime() + DAY_MS));
  return { lastDay, overdue: open && today > lastDay, atRisk: open && today <= lastDay && tomorrow >= lastDay };
}
