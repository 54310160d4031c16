import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { installSpanishErrors } from '../../shared/validation/spanish-errors';
import { App } from './app/App';
import { hasBridge } from './pos';
import { isPrintRoute } from '../print/print-job';
import { PrintRoute } from './print/PrintRoute';
import { CustomerDisplay } from './display/CustomerDisplay';
import './styles/base.css';
import './styles/controls.css';
import './styles/sale.css';
import './styles/screens.css';
import '../print/ticket.css';

// The Content-Security-Policy forbids eval: keep zod from probing `new Function`. Zod's own default messages
// (for the few schema rules that carry no message of ours) in Spanish, the same as the core's.
installSpanishErrors();
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');

// The print window (and the browser tests' printer) open the same page at #/print?job=...: only the document.
const printing = isPrintRoute(window.location.hash);
// The customer display (a second window, on the second screen when there is one) opens #/display: no bridge needed.
if (window.location.hash.startsWith('#/display')) {
  createRoot(container).render(
    <StrictMode>
      <CustomerDisplay />
    </StrictMode>,
  );
} else if (hasBridge()) {
  createRoot(container).render(
    <StrictMode>{printing ? <PrintRoute hash={window.location.hash} /> : <App />}</StrictMode>,
  );
} else {
  if (printing) document.documentElement.dataset.printError = 'Sin conexión con Caja';
  const message = document.createElement('p');
  message.className = 'fatal';
  message.textContent = 'Caja no pudo iniciar: esta ventana no está conectada al sistema. Cierre y vuelva a abrir la aplicación.';
  container.replaceChildren(message);
}
