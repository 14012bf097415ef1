import fs from 'node:fs';
import zlib from 'node:zlib';
import {
  type EndpointDefinition,
  errorAnswerSchema,
  errorStatusesOf,
  isFileAnswer,
  isJsonAnswer,
} from '@sheaf/contracts/endpoint';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../shared/app.types';

/** Why an answer does not match its endpoint's contract, or nothing when it does. */
export async function findContractViolation(
  endpoint: EndpointDefinition,
  response: Response,
): Promise<string | undefined> {
  const { status } = response;
  const answers = endpoint.answers as Record<number, EndpointDefinition['answers'][200]>;
  if (status in answers) {
    const answer = answers[status];
    if (answer === null) {
      const text = await response.clone().text();
      return text === '' ? undefined : `status ${status} should have no body, got ${text.slice(0, 200)}`;
    }
    if (isFileAnswer(answer)) return undefined;
    if (!isJsonAnswer(answer)) return undefined;
    const result = answer.safeParse(await readJson(response));
    return result.success
      ? undefined
      : `the ${status} answer does not match its schema: ${issuesOf(result.error)}`;
  }
  const codes = errorStatusesOf(endpoint).get(status);
  const body = await readJson(response);
  if (!codes) return `status ${status} is not declared (body: ${JSON.stringify(body).slice(0, 300)})`;
  const result = errorAnswerSchema.safeParse(body);
  if (!result.success) return `the ${status} error is not in the error shape: ${issuesOf(result.error)}`;
  const code = result.data.error.code;
  return (codes as Set<string>).has(code) ? undefined : `status ${status} with code ${code} is not declared`;
}

async function readJson(response: Response): Promise<unknown> {
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  // JSON answers are gzipped where the client takes it (json-responses.ts): the server's own
  // Response holds the gzip bytes, a fetch answer the decoded ones (with the header still there).
  const isGzip =
    response.headers.get('Content-Encoding') === 'gzip' && bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = (isGzip ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const issuesOf = (error: { issues: Array<{ path: PropertyKey[]; message: string }> }) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

/**
 * For tests only (production does not pay for it): every answer of a catalogue endpoint is checked
 * against the schema of its status, and an error against the codes declared for it. A mismatch
 * becomes a 500 naming it, so the test that made the request fails; with
 * SHEAF_CONTRACT_VIOLATIONS_FILE set, each is also appended to that file.
 */
export function checkAnswersAgainstContracts() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const endpoint = c.get('endpoint');
    if (!endpoint) return;
    const violation = await findContractViolation(endpoint, c.res);
    if (!violation) return;
    const line = `${endpoint.method} ${endpoint.path}: ${violation}`;
    console.error(`Contract violation: ${line}`);
    const file = process.env.SHEAF_CONTRACT_VIOLATIONS_FILE;
    if (file) fs.appendFileSync(file, `${line}\n`);
    c.res = undefined;
    c.res = c.json({ error: { code: 'internal.error', message: `Contract violation: ${line}` } }, 500);
  });
}
