import type { ApiErrorBody } from '@sheaf/contracts/errors';

/** Reads a JSON answer as the shape the test expects (the assertions check it). */
export async function readJson<Body>(response: Response): Promise<Body> {
  return (await response.json()) as Body;
}

export const readError = (response: Response) => readJson<ApiErrorBody>(response);
