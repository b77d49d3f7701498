/**
 * A stored response's headers for a new response whose body is already decoded text: the stored copy's encoding and
 * length describe the bytes the server sent (brotli, 322 bytes), not that body.
 */
export function decodedHeaders(headers: Headers): Headers {
  const decoded = new Headers(headers);
  decoded.delete('content-encoding');
  decoded.delete('content-length');
  return decoded;
}
