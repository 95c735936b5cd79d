import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html';
import { renderPasswordForm, renderPreferencesForm } from './forms';
import { bearerToken } from './auth';
import type { FastifyRequest } from 'fastify';

const t = (key: string) => `<${key}>`;

describe('server-rendered forms', () => {
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\``)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;',
    );
  });

  it('escapes translated labels and stored values', () => {
    const html = renderPreferencesForm(t, {
      oddsFormat: 'decimal',
      oddsChange: 'none',
      language: 'en',
      timezone: '"><img src=x onerror=alert(1)>',
      dateFormat: 'YYYY-MM-DD',
      hideBalance: true,
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<preferences.');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('name="hide_balance" value="1" checked');
    // The date pattern: the language's own style ('') or one of the patterns, the client's chosen.
    expect(html).toContain('<option value="YYYY-MM-DD" selected>YYYY-MM-DD</option>');
    expect(html).toMatch(/<option value="">[^<]*preferences.date_format.language[^<]*<\/option>/);
  });

  it('marks the failing field of the password form', () => {
    const html = renderPasswordForm(t, { new_password: 'password.too_common' });
    expect(html).toContain(
      'id="new_password" name="new_password" autocomplete="new-password" required maxlength="200" aria-invalid="true"',
    );
    expect(html).toContain('&lt;password.too_common&gt;');
  });
});

describe('bearerToken', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  it('reads Authorization or X-App-Session bearer headers only', () => {
    expect(bearerToken(req({ authorization: 'Bearer abc' }))).toBe('abc');
    expect(bearerToken(req({ 'x-app-session': 'bearer xyz' }))).toBe('xyz');
    expect(bearerToken(req({ authorization: 'Basic abc' }))).toBeNull();
    expect(bearerToken(req({ authorization: 'Bearer a b' }))).toBeNull();
    expect(bearerToken(req({}))).toBeNull();
  });
});
