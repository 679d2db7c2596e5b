/**
 * The part of Mustache (https://mustache.github.io/mustache.5.html) that webhook body templates use, rendering as
 * mustache.js does in Unleash 4's webhook addon: `{{name}}` HTML-escaped, `{{{name}}}` and `{{& name}}` as they
 * are, dotted names (`{{event.data.name}}`), sections `{{#name}}...{{/name}}` (once for a truthy value, once per
 * item of a list) and inverted sections `{{^name}}...{{/name}}`, comments `{{! ...}}`. Partials and delimiter
 * changes are refused. A missing value renders as nothing; standalone tag lines keep their whitespace.
 */

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string; escape: boolean }
  | { kind: 'section'; name: string; inverted: boolean; children: Node[] };

/** Why a template cannot be rendered. */
export class TemplateError extends Error {}

const TAG = /\{\{\{\s*([^}]*?)\s*\}\}\}|\{\{\s*([#^/!&>=]?)\s*([\s\S]*?)\s*\}\}/g;

function parse(template: string): Node[] {
  const root: Node[] = [];
  const open: Array<{ name: string; children: Node[] }> = [{ name: '', children: root }];
  let at = 0;
  for (const match of template.matchAll(TAG)) {
    const current = open[open.length - 1].children;
    if (match.index > at) current.push({ kind: 'text', text: template.slice(at, match.index) });
    at = match.index + match[0].length;
    const [, triple, sigil, rawName] = match;
    if (triple !== undefined) {
      current.push({ kind: 'value', name: triple, escape: false });
      continue;
    }
    const name = rawName.trim();
    if (sigil === '!') continue;
    if (sigil === '>' || sigil === '=') throw new TemplateError('partials and delimiter changes are not supported');
    if (name === '') throw new TemplateError(`an empty tag at character ${match.index}`);
    if (sigil === '#' || sigil === '^') {
      const children: Node[] = [];
      current.push({ kind: 'section', name, inverted: sigil === '^', children });
      open.push({ name, children });
    } else if (sigil === '/') {
      if (open.length === 1 || open[open.length - 1].name !== name) {
        throw new TemplateError(`{{/${name}}} closes no open section`);
      }
      open.pop();
    } else {
      current.push({ kind: 'value', name, escape: sigil !== '&' });
    }
  }
  if (open.length > 1) throw new TemplateError(`the section {{#${open[open.length - 1].name}}} is not closed`);
  if (at < template.length) root.push({ kind: 'text', text: template.slice(at) });
  return root;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '/': '&#x2F;',
  '`': '&#x60;',
  '=': '&#x3D;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"'`=/]/g, (c) => ESCAPES[c]);

const hasKey = (value: unknown, key: string) =>
  value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key);

/** The value of a (dotted) name: from the innermost context that has its first part, as Mustache looks it up. */
function lookup(stack: unknown[], name: string): unknown {
  if (name === '.') return stack[stack.length - 1];
  const [first, ...rest] = name.split('.');
  for (let i = stack.length - 1; i >= 0; i -= 1) {
    if (!hasKey(stack[i], first)) continue;
    let value = (stack[i] as Record<string, unknown>)[first];
    for (const key of rest) value = hasKey(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    return value;
  }
  return undefined;
}

function render(nodes: Node[], stack: unknown[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') {
      const value = lookup(stack, node.name);
      if (value == null) continue;
      const text = typeof value === 'object' && !Array.isArray(value) ? '[object Object]' : String(value);
      out += node.escape ? escapeHtml(text) : text;
    } else {
      const value = lookup(stack, node.name);
      const empty = !value || (Array.isArray(value) && value.length === 0);
      if (node.inverted) {
        if (empty) out += render(node.children, stack);
      } else if (Array.isArray(value)) {
        for (const item of value) out += render(node.children, [...stack, item]);
      } else if (!empty) {
        out += render(node.children, [...stack, value]);
      }
    }
  }
  return out;
}

/** Throws TemplateError when the template is malformed (checked when an addon is saved, and again when sent). */
export function checkTemplate(template: string): void {
  parse(template);
}

export function renderTemplate(template: string, view: unknown): string {
  return render(parse(template), [view]);
}
