/** Raised for every non-success envelope and for transport failures. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;
  constructor(code: string, message: string, status = 0, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}
