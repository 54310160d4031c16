// Types for @point-of-sale/keyboard-barcode-scanner (it ships none; its package exports only a "browser" entry).
declare module '@point-of-sale/keyboard-barcode-scanner' {
  export interface ScannedBarcode {
    value: string;
    symbology?: string;
  }
  export default class KeyboardBarcodeScanner {
    constructor(options?: { timing?: 'auto' | number; guessSymbology?: boolean; allowedSymbologies?: string[] });
    connect(): Promise<void>;
    disconnect(): Promise<void>;
    addEventListener(event: 'barcode', listener: (barcode: ScannedBarcode) => void): void;
    addEventListener(event: 'connected' | 'disconnected', listener: () => void): void;
  }
}
