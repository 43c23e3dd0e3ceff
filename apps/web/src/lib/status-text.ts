// HTTP/2 answers carry no reason phrase, so the toast ('Error {status}: {statusText}') needs its own.
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The reason phrase of a response, falling back to the standard one for its status. */
export function statusTextOf(status: number, given: string): string {
  return given || STATUS_TEXT[status] || 'Error';
}
