import type { EndpointDefinition } from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { describe, expect, test } from 'vitest';
import { createDemoRoutes } from './api';
import type { DemoContext } from './context';

const keyOf = ({ method, path }: Pick<EndpointDefinition, 'method' | 'path'>) => `${method} ${path}`;

describe('the demo API', () => {
  // Building the routes only makes their handlers; none runs, so no state is needed.
  const routes = createDemoRoutes({} as DemoContext);

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
});
