// The import boundaries of DESIGN.md §2 (`npm run lint:imports`, part of `npm test`): the rules of
// .dependency-cruiser.cjs on every file, and no cycle between domains — two server modules or two
// web features that import each other, directly or through others (type-only imports count: a
// cycle of types is a cycle of knowledge). Exits 1 and lists each violation.
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');

const { output } = await cruise(['apps/server/src', 'apps/web/src', 'packages/contracts/src'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
  outputType: 'json',
});
const result = typeof output === 'string' ? JSON.parse(output) : output;

const violations = result.summary.violations.map(
  (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
);

const TESTS = /\.test\.tsx?$|\.test-helpers\.ts$|\/test\//;
const DOMAINS = [/^apps\/server\/src\/modules\/([^/]+)\//, /^apps\/web\/src\/modules\/([^/]+)\//];

/** Domain-level edges (`server:auth` → `server:api-keys`), with one file import that makes each. */
const edges = new Map();
for (const module of result.modules) {
  if (TESTS.test(module.source)) continue;
  for (const [index, pattern] of DOMAINS.entries()) {
    const from = pattern.exec(module.source)?.[1];
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = pattern.exec(dependency.resolved)?.[1];
      if (!to || to === from) continue;
      const key = `${index}:${from}`;
      const targets = edges.get(key) ?? new Map();
      if (!targets.has(`${index}:${to}`))
        targets.set(`${index}:${to}`, `${module.source} → ${dependency.resolved}`);
      edges.set(key, targets);
    }
  }
}

// Strongly connected components (Tarjan): each with more than one domain is a cycle.
let counter = 0;
const indexOf = new Map();
const lowOf = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(node) {
  indexOf.set(node, counter);
  lowOf.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!next.startsWith('0:')) continue;
    if (!indexOf.has(next)) {
      visit(next);
      lowOf.set(node, Math.min(lowOf.get(node), lowOf.get(next)));
    } else if (onStack.has(next)) {
      lowOf.set(node, Math.min(lowOf.get(node), indexOf.get(next)));
    }
  }
  if (lowOf.get(node) === indexOf.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component);
  }
}
// Server modules: no cycle at all. Web features: no two that import each other (a feature may lean
// on another's api.ts, e.g. every page on the organization's query key, but never both ways).
for (const node of edges.keys()) if (node.startsWith('0:') && !indexOf.has(node)) visit(node);
for (const [from, targets] of edges) {
  if (!from.startsWith('1:')) continue;
  for (const to of targets.keys()) if (from < to && edges.get(to)?.has(from)) cycles.push([from, to]);
}

const side = (node) => (node.startsWith('0:') ? 'server module' : 'web feature');
for (const component of cycles) {
  const names = component.map((node) => node.slice(2));
  const links = component.flatMap((from) =>
    [...(edges.get(from) ?? [])]
      .filter(([to]) => component.includes(to))
      .map(([, example]) => `    ${example}`),
  );
  violations.push(
    `domain-cycle: the ${side(component[0])}s ${names.join(', ')} import each other:\n${links.join('\n')}`,
  );
}

for (const line of violations) console.log(line);
console.log(
  violations.length === 0
    ? `Import boundaries hold (${result.summary.totalCruised} files).`
    : `${violations.length} import-boundary violations.`,
);
process.exit(violations.length === 0 ? 0 : 1);
