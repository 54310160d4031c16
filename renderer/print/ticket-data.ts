// Moved to shared/printing/ticket-data.ts, so the core's ESC/POS job reads the same pure functions as the HTML templates.
export * from '../../shared/printing/ticket-data';
