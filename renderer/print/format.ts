// Moved to shared/printing/format.ts (issue 26), so the core's ESC/POS job reads the same pure functions as the HTML templates.
export * from '../../shared/printing/format';
