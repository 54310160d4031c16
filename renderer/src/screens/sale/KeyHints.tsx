// The till's keys, always on screen: a cashier learns them by seeing them.
const KEYS: [string, string][] = [
  ['F12', 'Emitir'],
  ['Esc', 'Cancelar venta'],
  ['Alt+B / Alt+F', 'Boleta / Factura'],
  ['Alt+C / Alt+R', 'Contado / Crédito'],
  ['Ctrl+D', 'Cliente'],
  ['F8', 'Efectivo recibido'],
  ['F10 + T/D/C', 'Tarjeta / débito / crédito'],
  ['F10 + Y/P/R', 'Yape / Plin / Transferencia'],
  ['Alt+D', 'Descuento a toda la venta'],
  ['F7', 'Devolución'],
  ['Ctrl+L', 'Última línea'],
  ['Ctrl+P', 'Reimprimir la última venta'],
  ['F1–F6', 'Pantallas'],
];

export function KeyHints(): React.JSX.Element {
  return (
    <p className="keyhints" aria-label="Teclas de la venta" data-testid="key-hints">
      {KEYS.map(([key, what]) => (
        <span key={key} className="keyhints__item">
          <kbd>{key}</kbd> {what}
        </span>
      ))}
    </p>
  );
}
