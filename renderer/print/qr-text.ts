// Moved to shared/printing/qr-text.ts (issue 26), so the core's ESC/POS job reads the same pure functions as the HTML templates.
export * from '../../shared/printing/qr-text';
