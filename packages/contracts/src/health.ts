/** This domain's endpoints (see endpoint.ts). */
export const healthEndpoints = {};
