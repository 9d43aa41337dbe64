// Text made safe for the HTML report. Everything from a file (names, paths, messages, source
// lines, headers) reaches the page through one of these: as element text or an attribute value
// through html(), inside a <script> through jsonForScript().
import { printable } from './escape.js';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `s` escaped for HTML text and quoted attribute values. */
export function html(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML[c] ?? c);
}

/**
 * Untrusted text for the page: control characters shown escaped as the text output shows them
 * (`\x1b`, `\u202e`: a bidi override in a name must not reorder the row), then HTML-escaped.
 */
export function shown(s: string): string {
  return html(printable(s));
}

/**
 * JSON that can sit inside a <script> element whatever it holds: no `</script>`, no `<!--`, no
 * character that ends a line in older JavaScript. JSON.stringify already writes lone surrogates
 * as escapes. Five plain replaces: a callback per character is far slower on a large page.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
