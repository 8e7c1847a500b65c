/**
 * Splits a byte stream into parsed NDJSON lines as they arrive, using only web-standard APIs
 * (ReadableStream, TextDecoder), so it runs the same in browsers, Workers and Node ≥ 18.
 */

/**
 * Yields each non-empty line of `body` parsed as JSON. A line that is not JSON throws
 * `SyntaxError` (the caller turns it into `invalid_response`).
 *
 * @example
 * for await (const line of ndjsonLines(response.body)) console.log(line);
 */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield JSON.parse(line);
        newline = buffer.indexOf('\n');
      }
      if (done) break;
    }
    if (buffer.trim()) yield JSON.parse(buffer);
  } finally {
    // An early `break` by the consumer must release (and cancel) the connection.
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
