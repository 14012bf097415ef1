import { allEndpoints } from '@sheaf/contracts/endpoints';

/** Each catalogue path as a pattern of its own (a parameter is one segment), with the methods it takes. */
const methodsByPattern = (() => {
  const methods = new Map<string, Set<string>>();
  for (const { method, path } of allEndpoints) {
    const pattern = path.replace(/:[A-Za-z]+/g, ':');
    methods.set(pattern, (methods.get(pattern) ?? new Set()).add(method));
  }
  return [...methods].map(([pattern, set]) => ({
    regex: new RegExp(`^${pattern.split(':').map(escapeRegExp).join('[^/]+')}/?$`),
    methods: set,
  }));
})();

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The methods the catalogue's endpoints take at this path (HEAD beside GET), or none for an unknown path. */
export function allowedMethodsOf(path: string): string[] {
  const allowed = new Set<string>();
  for (const { regex, methods } of methodsByPattern) {
    if (!regex.test(path)) continue;
    for (const method of methods) allowed.add(method);
  }
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort();
}
