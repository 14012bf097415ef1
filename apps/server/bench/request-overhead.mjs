// Per-request overhead of authentication: the latency of authenticated API calls (session cookie)
// against `GET /api/health`, which does one database round trip and no authentication. Sequential
// requests on one keep-alive connection, so the figures are latency, not throughput.
//
//   import { measureRequestOverhead } from './request-overhead.mjs';
//   const figures = await measureRequestOverhead({ base, cookie, organizationId, samples: 500 });
//   // { healthMs: { p50, p95 }, authenticatedMs: { p50, p95 }, overheadP50Ms, routes: {…} }
//
// The authenticated figure alternates between `GET /api/users/me` (session only) and
// `GET /api/organizations/:id/documents?pageSize=1` (session and organization membership);
// `routes` gives each one's own p50/p95. Requests of the three kinds are interleaved so a
// slow phase of the machine (other processes, GC) weighs on all of them alike.

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round = (value) => Math.round(value * 1000) / 1000;
const summarize = (values) => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) });

async function timeRequest(url, headers) {
  const startedAt = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const elapsed = performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return elapsed;
}

/**
 * @param {{ base: string, cookie: string, organizationId: string, samples?: number, warmup?: number }} options
 *   base: the server's origin (`http://127.0.0.1:8080`); cookie: the `Cookie` header of a signed-in
 *   session; organizationId: an organization that session's user belongs to; samples: requests of
 *   each kind (default 500); warmup: untimed requests of each kind first (default 50).
 * @returns {Promise<{ healthMs: { p50: number, p95: number }, authenticatedMs: { p50: number, p95: number },
 *   overheadP50Ms: number, routes: Record<string, { p50: number, p95: number }> }>}
 */
export async function measureRequestOverhead({ base, cookie, organizationId, samples = 500, warmup = 50 }) {
  const healthUrl = `${base}/api/health`;
  const meUrl = `${base}/api/users/me`;
  const documentsUrl = `${base}/api/organizations/${encodeURIComponent(organizationId)}/documents?pageSize=1`;
  const authenticated = { cookie };

  for (let i = 0; i < warmup; i++) {
    await timeRequest(healthUrl, {});
    await timeRequest(meUrl, authenticated);
    await timeRequest(documentsUrl, authenticated);
  }

  const health = [];
  const me = [];
  const documents = [];
  for (let i = 0; i < samples; i++) {
    health.push(await timeRequest(healthUrl, {}));
    me.push(await timeRequest(meUrl, authenticated));
    documents.push(await timeRequest(documentsUrl, authenticated));
  }

  const healthMs = summarize(health);
  const authenticatedMs = summarize([...me, ...documents]);
  return {
    healthMs,
    authenticatedMs,
    overheadP50Ms: round(authenticatedMs.p50 - healthMs.p50),
    routes: {
      'GET /api/users/me': summarize(me),
      'GET /api/organizations/:organizationId/documents?pageSize=1': summarize(documents),
    },
  };
}
