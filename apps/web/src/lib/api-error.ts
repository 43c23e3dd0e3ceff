/** A non-2xx answer of our API, parsed from the domain's error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(init: {
    status: number;
    statusText: string;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }
}

/** True for an ApiError with this status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
