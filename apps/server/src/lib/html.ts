/**
 * The one way the server writes HTML (receipts, account forms, widgets, the play-stream page, the web shell):
 * the `html` tagged template escapes every value it is given, so escaping is never opt-in. Only an `Html`
 * (another `html` template, or `trustedHtml` for a constant the code itself holds) goes in as it is.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for element content and quoted attribute values; null and undefined are empty. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

/** A value in a template: markup as it is, a list item by item, nothing for null/undefined/false, else escaped. */
function fragment(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/** `html\`<td>${name}</td>\``: every interpolated value escaped unless it is itself `Html`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += fragment(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Markup the code itself holds (a style sheet, an inline script it wrote): never text from a request or the database. */
export const trustedHtml = (markup: string) => new Html(markup);

/** JSON inside a <script> element: nothing in it can end the element, open a comment or break a JS string. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
