import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import es from 'zod/v4/locales/es.js';
import { App } from './app/App';
import { hasBridge } from './pos';
import './styles/base.css';
import './styles/controls.css';
import './styles/sale.css';
import './styles/screens.css';
import '../print/ticket.css';

// The Content-Security-Policy forbids eval: keep zod from probing `new Function`. Zod's own default messages
// (for the few schema rules that carry no message of ours) in Spanish.
z.config(es());
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');

if (hasBridge()) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} else {
  const message = document.createElement('p');
  message.className = 'fatal';
  message.textContent = 'Caja no pudo iniciar: esta ventana no está conectada al sistema. Cierre y vuelva a abrir la aplicación.';
  container.replaceChildren(message);
}
