import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { httpErrorMessage, type HttpError } from './http-error';

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; without it the request has no body and no Content-Type. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Parses a 2xx answer: JSON when there is a body, null otherwise (204, empty 200). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * Performs one call the way the spec asks (§7): cookies always sent, a JSON body only when a
 * body is given, and every non-2xx answer turned into `"<status>: <body or status text>"`.
 */
export async function performRequest(
  args: RequestArgs | string,
  signal?: AbortSignal,
  fetchFn: typeof fetch = (...a) => fetch(...a),
): Promise<{ data: unknown } | { error: HttpError }> {
  const {
    url,
    method = 'GET',
    body,
    headers = {},
  } = typeof args === 'string' ? { url: args } : args;
  const init: RequestInit = { method, credentials: 'include', headers: { ...headers }, signal };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json', ...headers };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { error: { status: 'FETCH_ERROR', message, body: '' } };
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    return {
      error: {
        status: response.status,
        message: httpErrorMessage(response.status, text, response.statusText),
        body: text,
      },
    };
  }
  try {
    return { data: await readBody(response) };
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return {
      error: { status: response.status, message: `${response.status}: ${message}`, body: '' },
    };
  }
}

export const frenlyBaseQuery: BaseQueryFn<RequestArgs | string, unknown, HttpError> = (args, api) =>
  performRequest(args, api.signal);
