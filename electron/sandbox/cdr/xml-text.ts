// Small helpers to write XML text: escaping and Lima (UTC-5) dates and times.

// Characters XML 1.0 forbids (most C0 controls and lone surrogates); they become '?'.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for element content or attribute values. */
export function escapeXml(value: string): string {
  return value.replace(FORBIDDEN_XML_CHARS, '?').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

// Peru has kept UTC-5 without daylight saving time since 1994.
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Date ('2024-03-05') and time ('14:07:09') of an instant, as a clock in Lima shows it. */
export function limaDateTime(instant: Date): { date: string; time: string } {
  const iso = new Date(instant.getTime() + LIMA_OFFSET_MS).toISOString(); // 2024-03-05T14:07:09.000Z
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}
