// Zod issues -> the Spanish list of fields the 400 message names.

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/** 'cliente_Direccion (obligatorio); detalle[0].foo (no permitido); serie: La serie debe ...'. */
export function describeIssues(issues: readonly Issue[], body: unknown): string {
  const parts = issues.map((issue) => {
    const where = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return issue.keys.map((k) => `${where ? `${where}.` : ''}${k} (no permitido)`).join('; ');
    }
    if (issue.path.length === 0 && issue.code === 'invalid_type') return 'el cuerpo debe ser un objeto JSON';
    if (issue.path.length > 0 && valueAt(body, issue.path) === undefined) return `${where} (obligatorio)`;
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  return [...new Set(parts)].join('; ');
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    '',
  );
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}
