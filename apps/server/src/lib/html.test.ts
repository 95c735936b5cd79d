import { describe, expect, it } from 'vitest';
import { escapeHtml, html, scriptJson, trustedHtml } from './html';

describe('html template', () => {
  const hostile = `"><img src=x onerror=alert(1)>'\``;

  it('escapes every interpolated value, in content and in attributes', () => {
    const out = html`<p title="${hostile}">${hostile}</p>`.text;
    expect(out).not.toContain('<img');
    expect(out).toBe(
      '<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&#96;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&#96;</p>',
    );
  });

  it('nests templates as markup, joins lists and writes nothing for null, undefined and false', () => {
    const rows = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${rows}</ul>${null}${undefined}${false}${0}`.text).toBe(
      '<ul><li>a&lt;b</li><li>c</li></ul>0',
    );
  });

  it('takes only Html as markup: a string that looks like markup is still text', () => {
    expect(html`${'<b>x</b>'}|${trustedHtml('<b>x</b>')}`.text).toBe('&lt;b&gt;x&lt;/b&gt;|<b>x</b>');
    expect(String(html`<i>${1}</i>`)).toBe('<i>1</i>');
  });

  it('escapes null as empty text, never the word null', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(12)).toBe('12');
  });

  it('keeps JSON in a script element from closing it', () => {
    expect(scriptJson({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });
});
