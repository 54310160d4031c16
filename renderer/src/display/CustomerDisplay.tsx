// The customer's screen (#/display): the lines as they are rung up, the total in large type, the change, and a
// thank-you once the document is issued. Fed by the till (display-channel.ts); it has no bridge of its own.
import { useEffect, useState } from 'react';
import { DisplayMessageSchema, openDisplayChannel, type DisplayMessage } from './display-channel';

export function CustomerDisplay({ shopName }: { shopName?: string }): React.JSX.Element {
  const [message, setMessage] = useState<DisplayMessage>({ kind: 'idle' });
  useEffect(() => {
    const channel = openDisplayChannel();
    if (!channel) return;
    channel.onmessage = (event: MessageEvent) => {
      const parsed = DisplayMessageSchema.safeParse(event.data);
      if (parsed.success) setMessage(parsed.data);
    };
    return () => channel.close();
  }, []);

  if (message.kind === 'idle') {
    return (
      <main className="display display--idle" aria-label="Pantalla del cliente">
        <p className="display__welcome">¡Bienvenido{shopName ? ` a ${shopName}` : ''}!</p>
      </main>
    );
  }
  if (message.kind === 'thanks') {
    return (
      <main className="display display--thanks" aria-label="Pantalla del cliente">
        <p className="display__welcome">¡Gracias por su compra!</p>
        <p className="display__total" data-testid="display-total">
          Total {message.currencySymbol} {message.total}
        </p>
        {message.change ? <p className="display__change display__change--big" data-testid="display-change">VUELTO {message.changeSymbol ?? message.currencySymbol} {message.change}</p> : null}
      </main>
    );
  }
  return (
    <main className="display" aria-label="Pantalla del cliente">
      <ol className="display__lines" data-testid="display-lines">
        {message.lines.map((line, i) => (
          <li key={i}>
            <span>
              {line.quantity} × {line.description}
            </span>
            <span>{line.amount}</span>
          </li>
        ))}
      </ol>
      <p className="display__total" data-testid="display-total">
        Total {message.currencySymbol} {message.total}
      </p>
      {message.change ? <p className="display__change" data-testid="display-change">Vuelto: {message.changeSymbol ?? message.currencySymbol} {message.change}</p> : null}
    </main>
  );
}
