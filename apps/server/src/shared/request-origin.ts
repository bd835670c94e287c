/** The origin (`http://host:port`) a request addressed; behind a proxy TRUST_PROXY names, the forwarded one. */
export function requestOrigin(request: { protocol: string; host: string }): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null; // a Host header that is not a host
  }
}
