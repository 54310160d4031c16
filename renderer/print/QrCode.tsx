// The QR code of a printed document: an SVG from the `qrcode` library (error correction Q) shown as a data: image,
// which the Content-Security-Policy allows (no inline script, no inline <svg> markup injected).
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

interface QrCodeProps {
  text: string;
  /** Printed size, a CSS length (e.g. '32mm'). */
  size: string;
  className?: string;
}

export function QrCode({ text, size, className }: QrCodeProps): React.JSX.Element {
  const [qr, setQr] = useState<{ text: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'Q', margin: 2, color: { dark: '#000000', light: '#ffffff' } })
      .then((svg) => {
        if (alive) setQr({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [text]);

  const classes = ['qr', className].filter(Boolean).join(' ');
  if (failed) return <p className={classes}>No se pudo generar el código QR.</p>;
  // Until the SVG exists (a few milliseconds) the box keeps its size, so the layout does not jump.
  if (!qr || qr.text !== text) return <span className={`${classes} qr--pending`} style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <img
      className={classes}
      src={qr.src}
      style={{ width: size, height: size }}
      alt="Código QR del comprobante"
      data-testid="print-qr"
    />
  );
}
