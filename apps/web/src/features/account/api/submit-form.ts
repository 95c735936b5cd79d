import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormErrorResponse, FormHtmlResponse } from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

/** How a server form is sent: its own enctype, or always as FormData (spec §7 for preferences). */
export type FormEncoding = 'enctype' | 'form-data';

/** The outcome of a form post: 200 → the new form and a success message; 400 → the form again with errors. */
export type FormOutcome =
  { ok: true; html: string; message?: string } | { ok: false; html: string; message: string };

/** Only same-API relative paths are posted to: server HTML never chooses where the user's token goes. */
export function formTarget(form: HTMLFormElement): string | null {
  const action = form.getAttribute('action') ?? '';
  return /^\/api\/[\w\-/]+$/.test(action) ? action : null;
}

export function formBody(form: HTMLFormElement, encoding: FormEncoding): FormData | URLSearchParams {
  const data = new FormData(form);
  const multipart = encoding === 'form-data' || form.getAttribute('enctype') === 'multipart/form-data';
  if (multipart) return data;
  const params = new URLSearchParams();
  data.forEach((value, key) => typeof value === 'string' && params.append(key, value));
  return params;
}

export async function submitServerForm(form: HTMLFormElement, encoding: FormEncoding): Promise<FormOutcome> {
  const path = formTarget(form);
  if (!path) throw new Error('form action is not an API path');
  const method = (form.getAttribute('method') ?? 'post').toUpperCase() === 'GET' ? 'GET' : 'POST';
  try {
    const data = await apiRequest<FormHtmlResponse>('api', path, { method, body: formBody(form, encoding) });
    return { ok: true, html: data.result, message: data.message };
  } catch (error) {
    const body =
      error instanceof ApiError && error.status === 400 ? (error.body as Partial<FormErrorResponse>) : null;
    if (body && typeof body.result === 'string')
      return { ok: false, html: body.result, message: body.message ?? '' };
    throw error;
  }
}

/** Submits a server form; a successful save refreshes the session (preferences change what it shows). */
export function useSubmitServerForm(encoding: FormEncoding) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: HTMLFormElement) => submitServerForm(form, encoding),
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'session'] });
    },
  });
}
