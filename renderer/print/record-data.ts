// Moved to shared/printing/record-data.ts, so the core's ESC/POS job reads the same pure functions as the HTML templates.
export * from '../../shared/printing/record-data';
