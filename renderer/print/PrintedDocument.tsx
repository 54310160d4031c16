// The template for a paper: the A4 page, or the ticket at 80 or 58 mm.
import type { Paper } from '../../shared/bridge';
import { A4Page } from './A4Page';
import { Ticket } from './Ticket';
import type { TicketData } from './ticket-data';
import './ticket.css';
import './a4.css';

export function PrintedDocument({ data, paper }: { data: TicketData; paper: Paper }): React.JSX.Element {
  return paper === 'A4' ? <A4Page data={data} /> : <Ticket data={data} paper={paper} />;
}
