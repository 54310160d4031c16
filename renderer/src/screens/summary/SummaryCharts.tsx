// The charts of the owner's view, drawn with recharts (SVG: sharp on screen and on paper). Fixed sizes, no animation:
// the print window and the screenshots draw them once, complete. Bars carry their amount as a label, in soles, large
// enough to read at arm's length; the bar's length is only a drawing (a number), the label is the exact decimal.
import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts';
import { NO_CATEGORY_LABEL, type PeriodFigures } from '../../../../shared/bridge';
import { formatDay } from '../../format/dates';
import { formatAmount, formatMoney } from '../../format/money';

const INK = '#1f2937';
const BAR = '#2563eb';
const FONT = 15;
/** The largest categories drawn; a shop with more reads the rest in its sales report. */
const CATEGORY_BARS = 12;

interface Row {
  name: string;
  value: number;
  label: string;
}

const rowOf = (name: string, total: string, documents?: number, unit = 'doc.'): Row => ({
  name,
  value: Number(total),
  label: documents === undefined ? formatMoney(total) : `${formatMoney(total)} · ${documents} ${unit}`,
});

/** Short axis ticks: 'S/ 1,234' (no cents) so they never crowd. */
const tick = (v: number) => `S/ ${formatAmount(String(Math.round(v))).replace(/\.00$/, '')}`;

function Horizontal({ rows, width, title }: { rows: Row[]; width: number; title: string }): React.JSX.Element {
  const height = 40 + rows.length * 38;
  return (
    <figure className="summary-chart">
      <figcaption>{title}</figcaption>
      <BarChart width={width} height={height} data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
        <XAxis type="number" hide domain={[0, (max: number) => max * 1.9]} />
        <YAxis type="category" dataKey="name" width={Math.round(width * 0.36)} tick={{ fontSize: FONT, fill: INK }} interval={0} />
        <Bar dataKey="value" fill={BAR} isAnimationActive={false} barSize={24}>
          <LabelList dataKey="label" position="right" style={{ fontSize: FONT, fill: INK }} />
        </Bar>
      </BarChart>
    </figure>
  );
}

function Columns({ rows, width, title, every = 0 }: { rows: Row[]; width: number; title: string; every?: number }): React.JSX.Element {
  return (
    <figure className="summary-chart">
      <figcaption>{title}</figcaption>
      <BarChart width={width} height={300} data={rows} margin={{ top: 16, right: 12, bottom: 8, left: 12 }}>
        <CartesianGrid vertical={false} stroke="#d1d5db" />
        <XAxis dataKey="name" tick={{ fontSize: FONT, fill: INK }} interval={every} />
        <YAxis tickFormatter={tick} tick={{ fontSize: FONT - 1, fill: INK }} width={96} />
        <Bar dataKey="value" fill={BAR} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}

/** Hours with sales, and every hour between them (an empty hour shows as no bar, not as a gap in the axis). */
function hours(figures: PeriodFigures): Row[] {
  const sold = figures.byHour.filter((h) => h.currency === 'PEN');
  if (sold.length === 0) return [];
  const first = Math.min(...sold.map((h) => h.hour));
  const last = Math.max(...sold.map((h) => h.hour));
  return Array.from({ length: last - first + 1 }, (_, i) => {
    const h = sold.find((x) => x.hour === first + i);
    return rowOf(`${first + i}h`, h?.total ?? '0.00');
  });
}

export function SummaryCharts({ figures, width }: { figures: PeriodFigures; width: number }): React.JSX.Element {
  const pen = <T extends { currency: string }>(rows: T[]) => rows.filter((r) => r.currency === 'PEN');
  const days = pen(figures.byDay);
  const byHour = hours(figures);
  return (
    <div className="summary-charts">
      {/* More than 14 hours: every other label, so they never touch. */}
      <Columns title="Ventas por hora del día" rows={byHour} width={width} every={byHour.length > 14 ? 1 : 0} />
      {figures.from !== figures.to ? (
        <Columns title="Ventas por día" rows={days.map((d) => rowOf(formatDay(d.day).slice(0, 5), d.total))} width={width} every={days.length > 16 ? 2 : 0} />
      ) : null}
      <Horizontal title="Productos más vendidos" rows={pen(figures.topProducts).map((p) => rowOf(p.description, p.total))} width={width} />
      {/* Only when some product has a category: one bar "Sin categoría" says nothing. */}
      {pen(figures.byCategory).some((c) => c.category !== '') ? (
        <Horizontal
          title="Por categoría"
          rows={pen(figures.byCategory).slice(0, CATEGORY_BARS).map((c) => rowOf(c.category === '' ? NO_CATEGORY_LABEL : c.category, c.total))}
          width={width}
        />
      ) : null}
      <Horizontal title="Ventas por cajero" rows={pen(figures.byCashier).map((c) => rowOf(c.name, c.total, c.documents))} width={width} />
      <Horizontal title="Formas de pago" rows={pen(figures.byMethod).map((m) => rowOf(m.label, m.total))} width={width} />
    </div>
  );
}
