import { describe, expect, it } from 'vitest';
import { checkTemplate, renderTemplate, TemplateError } from './mustache.ts';

const event = {
  type: 'feature-created',
  createdBy: 'ann <ann@example.com>',
  data: { name: 'shiny', enabled: false, strategies: [{ name: 'default' }, { name: 'userWithId' }] },
  tags: [],
};

describe('webhook body templates (mustache)', () => {
  it('fills dotted names, HTML-escaped as mustache.js does unless triple or &', () => {
    expect(renderTemplate('{{event.type}} by {{event.createdBy}}', { event })).toBe(
      'feature-created by ann &lt;ann@example.com&gt;',
    );
    expect(renderTemplate('{{{event.createdBy}}}|{{& event.createdBy}}', { event })).toBe(
      'ann <ann@example.com>|ann <ann@example.com>',
    );
    expect(renderTemplate(`{{v}}`, { v: `&"'/\`=` })).toBe('&amp;&quot;&#39;&#x2F;&#x60;&#x3D;');
  });

  it('renders a missing value, null or a missing path as nothing, an object as mustache.js does', () => {
    expect(renderTemplate('[{{event.nope}}][{{event.data.name.deeper}}][{{missing}}]', { event })).toBe('[][][]');
    expect(renderTemplate('{{event.data.enabled}} {{event.data}}', { event })).toBe('false [object Object]');
  });

  it('repeats a section per item, skips a falsy or empty one, and inverts', () => {
    const template =
      '{{#event.data.strategies}}<{{name}}>{{/event.data.strategies}}{{^event.tags}}no tags{{/event.tags}}';
    expect(renderTemplate(template, { event })).toBe('<default><userWithId>no tags');
    expect(renderTemplate('{{#event.data.enabled}}on{{/event.data.enabled}}{{! a comment }}.', { event })).toBe('.');
    expect(renderTemplate('{{#event.data}}{{name}}:{{type}}{{/event.data}}', { event })).toBe('shiny:');
  });

  it('refuses what it cannot render', () => {
    for (const bad of ['{{#a}}open', '{{/a}}', '{{#a}}{{/b}}', '{{> partial}}', '{{=<% %>=}}', '{{ }}']) {
      expect(() => checkTemplate(bad), bad).toThrow(TemplateError);
    }
    expect(() => checkTemplate('{"plain": "json", "n": 1}')).not.toThrow();
  });
});
