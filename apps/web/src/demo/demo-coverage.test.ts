import type { EndpointDefinition } from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { beforeAll, describe, expect, test } from 'vitest';
import { createDemoRoutes, loadLazyDemoRoutes } from './api';
import type { DemoContext } from './context';
import { findRoute, type Route } from './http';

const keyOf = ({ method, path }: Pick<EndpointDefinition, 'method' | 'path'>) => `${method} ${path}`;

describe('the demo API', () => {
  // Building the routes only makes their handlers; none runs, so no state is needed.
  const eagerRoutes = createDemoRoutes({} as DemoContext);
  let lazyRoutes: Route[] = [];
  let routes: Route[] = [];
  beforeAll(async () => {
    lazyRoutes = await loadLazyDemoRoutes({} as DemoContext);
    routes = [...lazyRoutes, ...eagerRoutes];
  });

  test('answers every endpoint of the catalogue, or says it is not available in the demo', () => {
    const covered = new Set(routes.flatMap(({ endpoint }) => (endpoint ? [keyOf(endpoint)] : [])));
    expect(allEndpoints.map(keyOf).filter((key) => !covered.has(key))).toEqual([]);
  });

  test('has no route of its own that the catalogue does not know', () => {
    expect(
      routes.filter(({ endpoint }) => !endpoint).map(({ method, pattern }) => `${method} ${pattern}`),
    ).toEqual([]);
    const catalogue = new Set(allEndpoints.map(keyOf));
    expect(
      routes.map(({ method, pattern }) => `${method} ${pattern}`).filter((key) => !catalogue.has(key)),
    ).toEqual([]);
  });

  test('loads late only routes no eager route answers, so loading them late changes no answer', () => {
    const shadowed = lazyRoutes.flatMap(({ method, pattern }) => {
      const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => `${name}_0123456789`);
      const found = findRoute(eagerRoutes, method, path);
      return found ? [`${method} ${pattern} ← ${found.route.pattern}`] : [];
    });
    expect(lazyRoutes.length).toBeGreaterThan(0);
    expect(shadowed).toEqual([]);
  });
});
