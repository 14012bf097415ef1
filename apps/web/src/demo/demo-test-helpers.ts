import type { DemoApi } from './api';

export type DemoAnswerBody = Record<string, unknown>;

/** One request to the demo API as the app sends it (JSON or FormData), with its status and parsed body. */
export async function callDemo(
  api: DemoApi,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: DemoAnswerBody }> {
  const init: RequestInit = { method };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await api.fetch(`http://localhost${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as DemoAnswerBody) : {} };
}
