/**
 * Why a request got no answer, in a person's words: "connection refused (ECONNREFUSED)", "DNS lookup
 * failed (ENOTFOUND)", "no answer in time (timeout)". fetch and undici wrap the system error one or two
 * levels deep ("fetch failed" → cause), and Slack's Web API client once more (`original`).
 */
export function describeNetworkFailure(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  let innermost: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    innermost = current;
    const { code, name } = current as { code?: unknown; name?: unknown };
    const described = typeof code === 'string' ? NETWORK_CODES[code] : undefined;
    if (described) return `${described} (${String(code)})`;
    if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time (timeout)';
    const next = current as { cause?: unknown; original?: unknown };
    current = next.cause ?? next.original;
  }
  // No system code: the innermost message says most ("fetch failed" → "bad port").
  return innermost instanceof Error ? innermost.message : String(innermost);
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'DNS lookup failed',
  EAI_AGAIN: 'DNS lookup failed for now',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time (timeout)',
  UND_ERR_SOCKET: 'connection closed',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate is for another host name',
};
