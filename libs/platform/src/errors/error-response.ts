import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorResponse } from '@frenly/contracts';
import { DomainError } from './domain-error.js';

export const GENERIC_500_MESSAGE = 'Internal server error';

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

export interface MappedError {
  body: Omit<ErrorResponse, 'requestId'>;
  /** True when the details stay in the log and the client gets the generic body. */
  hidden: boolean;
}

/** Maps anything thrown to the one JSON error shape. Unknown errors become a generic 500. */
export function toErrorResponse(exception: unknown): MappedError {
  if (exception instanceof DomainError) {
    return visible(exception.httpStatus, exception.message, exception.code);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === HttpStatus.INTERNAL_SERVER_ERROR) return generic();
    const response = exception.getResponse();
    if (typeof response === 'string') return visible(status, response);
    const { message, error, code } = response as {
      message?: unknown;
      error?: unknown;
      code?: unknown;
    };
    const text = isMessage(message) ? message : exception.message;
    const mapped = visible(status, text, typeof code === 'string' ? code : undefined);
    if (typeof error === 'string' && error !== '') mapped.body.error = error;
    return mapped;
  }
  return generic();
}

function visible(statusCode: number, message: string | string[], code?: string): MappedError {
  const body: MappedError['body'] = { statusCode, error: reasonPhrase(statusCode), message };
  if (code !== undefined) body.code = code;
  return { body, hidden: false };
}

function generic(): MappedError {
  return {
    body: { statusCode: 500, error: reasonPhrase(500), message: GENERIC_500_MESSAGE },
    hidden: true,
  };
}

function isMessage(value: unknown): value is string | string[] {
  return (
    typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
  );
}
