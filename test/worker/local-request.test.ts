import { describe, expect, it } from 'vitest';
import { isLoopbackRequest } from '../../src/worker/local-request';

describe('isLoopbackRequest', () => {
  it('knows the addresses a local dev server answers on', () => {
    for (const url of ['http://127.0.0.1:8787/search', 'http://127.1.2.3/', 'http://localhost:8787/', 'http://[::1]:8787/']) expect(isLoopbackRequest(url)).toBe(true);
  });

  it('believes a loopback Host only from a loopback caller, when the runtime names the caller', () => {
    expect(isLoopbackRequest('http://localhost:8787/', '127.0.0.1')).toBe(true);
    expect(isLoopbackRequest('http://localhost:8787/', '::1')).toBe(true);
    for (const ip of ['192.168.1.5', '203.0.113.9', '2001:db8::1']) expect(isLoopbackRequest('http://localhost:8787/', ip)).toBe(false);
  });

  it('does not take a public host that merely looks like one', () => {
    for (const url of ['https://worker.test/search', 'https://localhost.example.com/', 'https://127.0.0.1.example.com/', 'http://0.0.0.0:8787/', 'http://192.168.1.5:8787/']) {
      expect(isLoopbackRequest(url)).toBe(false);
    }
  });
});
