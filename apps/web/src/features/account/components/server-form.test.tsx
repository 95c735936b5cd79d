import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderScreen } from '@/test/render';
import { sanitizeFormHtml } from './sanitize-form-html';
import { ServerForm } from './server-form';

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const FORM =
  '<form name="change_password" method="post" action="/api/change-password" enctype="application/x-www-form-urlencoded">' +
  '<label for="current_password">Current</label><input type="password" id="current_password" name="current_password">' +
  '<input type="password" id="new_password" name="new_password"><button type="submit">Change</button></form>';
const HOSTILE =
  '<form method="post" action="/api/change-password"><script>window.__pwned = 1</script>' +
  '<img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">x</a>' +
  '<input name="current_password" onfocus="window.__pwned = 4"><iframe src="https://evil.example"></iframe></form>';

describe('server form HTML', () => {
  it('sanitises scripts, event handlers, javascript: links and frames, keeping the form controls', () => {
    const clean = sanitizeFormHtml(HOSTILE);
    expect(clean).not.toMatch(/script|onerror|onfocus|javascript:|iframe/i);
    expect(clean).toContain('name="current_password"');
    expect(clean).toContain('action="/api/change-password"');
  });

  it('never lets a script or onerror from the server reach the DOM', async () => {
    const { container } = await renderScreen(
      <ServerForm html={HOSTILE} encoding="enctype" result={null} onResult={() => {}} />,
    );
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    expect(container.querySelector('script, iframe, [onerror], [onfocus]')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("posts the fields urlencoded to the form's action and shows the success message on 200", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { result: FORM.replace('Change', 'Again'), message: 'done' }),
    );
    const onResult = vi.fn();
    const { container } = await renderScreen(
      <ServerForm html={FORM} encoding="enctype" result={null} onResult={onResult} />,
    );
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    fireEvent.input(container.querySelector('[name=current_password]')!, {
      target: { value: 'old-secret' },
    });
    fireEvent.input(container.querySelector('[name=new_password]')!, { target: { value: 'new-secret-1' } });
    fireEvent.submit(container.querySelector('form')!);
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith({
        ok: true,
        html: expect.stringContaining('Again'),
        message: 'done',
      }),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new URL(url).pathname).toBe('/api/change-password');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret-1',
    });
  });

  it('returns the form with errors on 400 and sends FormData when asked to', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: 'validation',
        message: 'wrong',
        field: 'current_password',
        result: '<form><p class="form-error">wrong</p></form>',
      }),
    );
    const onResult = vi.fn();
    const { container } = await renderScreen(
      <ServerForm html={FORM} encoding="form-data" result={null} onResult={onResult} />,
    );
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    fireEvent.submit(container.querySelector('form')!);
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith({
        ok: false,
        html: expect.stringContaining('form-error'),
        message: 'wrong',
      }),
    );
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].body).toBeInstanceOf(FormData);
  });

  it('renders a result: the success notice with the returned form', async () => {
    await renderScreen(
      <ServerForm
        html={FORM}
        encoding="enctype"
        result={{ ok: true, html: '<form><p>saved form</p></form>' }}
        onResult={() => {}}
      />,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('processing.success');
    expect(screen.getByText('saved form')).toBeInTheDocument();
  });

  it('refuses to post to an action outside the API', async () => {
    const outside = FORM.replace('action="/api/change-password"', 'action="https://evil.example/steal"');
    const { container } = await renderScreen(
      <ServerForm html={outside} encoding="enctype" result={null} onResult={() => {}} />,
    );
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    fireEvent.submit(container.querySelector('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('error.generic');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
