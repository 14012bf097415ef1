import {
  answersFile,
  type EndpointAnswer,
  type EndpointDefinition,
  type EndpointRequest,
  fillPath,
} from '@sheaf/contracts/endpoint';
import { apiClient } from './api-client';
import type { HttpClient, QueryValue, RequestOptions } from './http-client';

/** What a call may add to its request: an abort signal, extra headers, no 401 redirect. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'headers' | 'skipUnauthorizedHook'>;

/**
 * Calls one endpoint of the catalogue: its path filled from `params`, its query and JSON body
 * typed by its schemas (a multipart endpoint takes FormData; a file comes back as a Blob), and its answer typed by its success schemas — so a changed contract breaks
 * the type check here, not a screen. The answer is not re-validated at run time (the server's
 * tests check every answer against the same schemas).
 */
export function createCall(client: HttpClient) {
  return async function call<const Endpoint extends EndpointDefinition>(
    endpoint: Endpoint,
    ...[request, options]: CallArguments<Endpoint>
  ): Promise<EndpointAnswer<Endpoint>> {
    const { params, query, body } = (request ?? {}) as {
      params?: Record<string, string>;
      query?: unknown;
      body?: unknown;
    };
    return client.request<EndpointAnswer<Endpoint>>(fillPath(endpoint.path, params ?? {}), {
      method: endpoint.method,
      ...(query === undefined ? {} : { query: query as Record<string, QueryValue> }),
      ...(body === undefined ? {} : { body }),
      ...(answersFile(endpoint) ? { responseType: 'blob' as const } : {}),
      ...options,
    });
  };
}

/** The request may be left out when the endpoint takes nothing required. */
type CallArguments<Endpoint extends EndpointDefinition> =
  Partial<EndpointRequest<Endpoint>> extends EndpointRequest<Endpoint>
    ? [request?: EndpointRequest<Endpoint>, options?: CallOptions]
    : [request: EndpointRequest<Endpoint>, options?: CallOptions];

/** The app's typed call, over the app's HTTP client. */
export const call = createCall(apiClient);
