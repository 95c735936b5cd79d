import { afterAll, beforeAll, expect, it } from 'vitest';
import { formErrorResponseSchema, formHtmlResponseSchema } from '@sb/contract';
import { bearer, createClient, login } from './support/accounts';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('account forms: change password and preferences', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend);
  });
  afterAll(async () => server?.close());

  const urlencoded = (url: string, token: string, fields: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  function multipart(url: string, token: string, fields: Record<string, string>) {
    const boundary = '----sbtestboundary';
    const body =
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  }

  it('serves the change-password form and needs a token', async () => {
    await createClient(server, 'changer', 'first-pass-99');
    const { access_token } = await login(server, 'changer', 'first-pass-99');
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/change-password?_locale=tr',
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(200);
    const html = formHtmlResponseSchema.parse(res.json()).result;
    expect(html).toContain('action="/api/change-password"');
    expect(html).toContain('name="current_password"');
    expect(html).toContain('Mevcut şifre');
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/change-password',
          headers: { host: 'localhost' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 400 with the form and the error for a wrong current password, a common or short or unmatched new one', async () => {
    const { access_token } = await login(server, 'changer', 'first-pass-99');
    const cases: [Record<string, string>, string, string][] = [
      [
        {
          current_password: 'wrong-one-1',
          new_password: 'brand-new-77',
          new_password_repeat: 'brand-new-77',
        },
        'current_password',
        'not correct',
      ],
      [
        {
          current_password: 'first-pass-99',
          new_password: 'password123',
          new_password_repeat: 'password123',
        },
        'new_password',
        'too common',
      ],
      [
        { current_password: 'first-pass-99', new_password: 'short', new_password_repeat: 'short' },
        'new_password',
        'at least 8',
      ],
      [
        {
          current_password: 'first-pass-99',
          new_password: 'brand-new-77',
          new_password_repeat: 'brand-new-78',
        },
        'new_password_repeat',
        'do not match',
      ],
      [{}, 'current_password', 'required'],
    ];
    for (const [fields, field, text] of cases) {
      const res = await urlencoded('/api/change-password?_locale=en', access_token, fields);
      expect(res.statusCode).toBe(400);
      const body = formErrorResponseSchema.parse(res.json());
      expect(body.field).toBe(field);
      expect(body.result).toContain(text);
      expect(body.result).not.toContain('first-pass-99');
    }
  });

  it('changes the password (FormData): the new one logs in, the old one does not, other sessions end', async () => {
    const current = await login(server, 'changer', 'first-pass-99');
    const other = await login(server, 'changer', 'first-pass-99');
    const res = await multipart('/api/change-password', current.access_token, {
      current_password: 'first-pass-99',
      new_password: 'brand-new-77',
      new_password_repeat: 'brand-new-77',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed.');
    await expect(login(server, 'changer', 'first-pass-99')).rejects.toThrow(/400/);
    await login(server, 'changer', 'brand-new-77');
    const session = (token: string) =>
      server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(token) });
    expect((await session(current.access_token)).statusCode).toBe(200);
    expect((await session(other.access_token)).statusCode).toBe(401);
  });

  it('serves and saves preferences (urlencoded and FormData); the session shows them', async () => {
    await createClient(server, 'prefs');
    const { access_token } = await login(server, 'prefs', 'correct-horse-7');
    const form = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/prefences/form',
      headers: bearer(access_token),
    });
    expect(form.statusCode).toBe(200);
    const html = form.json().result as string;
    for (const name of ['odds_format', 'language', 'timezone', 'date_format', 'hide_balance'])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('action="/api/v1/user/prefences/form"');

    const saved = await multipart('/api/v1/user/prefences/form', access_token, {
      odds_format: 'fractional',
      odds_change: 'higher',
      language: 'en',
      timezone: 'Europe/London',
      date_format: 'YYYY-MM-DD',
      hide_balance: '1',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toContain('<option value="fractional" selected>');
    let user = (
      await server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(access_token) })
    ).json().result.user;
    expect(user.preferences).toEqual({
      oddsFormat: 'fractional',
      oddsChange: 'higher',
      language: 'en',
      timezone: 'Europe/London',
      dateFormat: 'YYYY-MM-DD',
      hideBalance: true,
    });
    expect(user.timezone).toBe('Europe/London');
    // The chosen pattern is the session's date_format, which every screen's dates follow.
    expect(user.date_format).toBe('YYYY-MM-DD');

    const off = await urlencoded('/api/v1/user/prefences/form', access_token, {
      odds_format: 'decimal',
      language: 'tr',
      timezone: 'Europe/Istanbul',
    });
    expect(off.statusCode).toBe(200);
    user = (
      await server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(access_token) })
    ).json().result.user;
    expect(user.preferences.hideBalance).toBe(false);
    // A form without the field: the language's own style again ('').
    expect(user.date_format).toBe('');
  });

  it('refuses bad preferences with 400 naming the field, and escapes what it echoes', async () => {
    const { access_token } = await login(server, 'prefs', 'correct-horse-7');
    const badOdds = await urlencoded('/api/v1/user/prefences/form', access_token, {
      odds_format: 'roman',
      language: 'en',
      timezone: 'UTC',
    });
    expect(badOdds.statusCode).toBe(400);
    expect(badOdds.json().field).toBe('odds_format');
    const badPattern = await urlencoded('/api/v1/user/prefences/form', access_token, {
      odds_format: 'decimal',
      language: 'en',
      timezone: 'UTC',
      date_format: 'DD/MM/YY HH:mm',
    });
    expect(badPattern.statusCode).toBe(400);
    expect(badPattern.json().field).toBe('date_format');
    const evil = '"><script>alert(1)</script>';
    const badZone = await urlencoded('/api/v1/user/prefences/form', access_token, {
      odds_format: 'decimal',
      language: 'en',
      timezone: evil,
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().field).toBe('timezone');
    expect(badZone.json().result).not.toContain('<script>');
  });
});
