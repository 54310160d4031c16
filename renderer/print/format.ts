// Moved to shared/printing/format.ts, so the core's ESC/POS job reads the same pure functions as the HTML templates.
export * from '../../shared/printing/format';
