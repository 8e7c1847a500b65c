import { describe, expect, it } from 'vitest';
import { MAX_REASON_LENGTH, loggableText, redactSecrets, sanitizeReason } from '../../../../src/core/common/http/redact';

describe('redactSecrets', () => {
  it('removes every configured secret, longest first', () => {
    expect(redactSecrets('k=abcd1234 and abcd1234xyz', ['abcd1234', 'abcd1234xyz'])).toBe('k=[redacted] and [redacted]');
  });

  it('removes credential-shaped values it was not told about', () => {
    expect(redactSecrets('Authorization: Bearer sk-live-123', [])).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('api-key: q-9 rest', [])).toBe('api-key: [redacted] rest');
    expect(redactSecrets('{"api_key":"zzz","x":1}', [])).toBe('{"api_key":"[redacted]","x":1}');
  });

  it('keeps JSON that embeds escaped JSON valid', () => {
    const line = JSON.stringify({ detail: JSON.stringify({ message: 'Authorization: Bearer tok-1', token: 'tok-2' }) });
    const redacted = redactSecrets(line, []);
    expect(() => JSON.parse(redacted)).not.toThrow();
    expect(redacted).not.toContain('tok-1');
    expect(redacted).not.toContain('tok-2');
  });

  it('redacts with the same secrets list again and again, and leaves text with no credential alone', () => {
    const secrets = Object.freeze(['abcd1234', 'abcd1234xyz']);
    for (let i = 0; i < 3; i++) expect(redactSecrets(`t${i} abcd1234xyz`, secrets)).toBe(`t${i} [redacted]`);
    const line = '{"message":"request","status":200,"duration_ms":1.5}';
    expect(redactSecrets(line, secrets)).toBe(line);
    // Upper case is still a credential word (the cheap pre-scan ignores case, as the patterns do).
    expect(redactSecrets('TOKEN=abc-9', [])).toBe('TOKEN=[redacted]');
  });

  it('finds a secret in the forms upstreams echo it: any case, percent-encoded, base64, cut short by a mask', () => {
    const secret = 'test-cohere-key-1234';
    expect(redactSecrets('echo: TEST-COHERE-KEY-1234.', [secret])).toBe('echo: [redacted].');
    expect(redactSecrets(`basic ${Buffer.from(secret).toString('base64')} sent`, [secret])).toBe('basic [redacted] sent');
    expect(redactSecrets('masked test-cohere-key-… here', [secret])).toBe('masked [redacted]… here');
    expect(redactSecrets('key: pa%24%24word-9876', ['pa$$word-9876'])).toBe('key: [redacted]');
    // A short secret is not cut short: its prefix could be ordinary text.
    expect(redactSecrets('the word abcd', ['abcd1234'])).toBe('the word abcd');
  });

  it('ignores secrets too short to redact safely', () => {
    expect(redactSecrets('a b c', ['a'])).toBe('a b c');
  });
});

describe('sanitizeReason', () => {
  it('quotes the envelope message of Qdrant and Cohere bodies', () => {
    expect(sanitizeReason('{"status":{"error":"Wrong input: bad vector"},"time":0}', [])).toBe('Wrong input: bad vector');
    expect(sanitizeReason('{"message":"invalid model"}', [])).toBe('invalid model');
  });

  it('redacts, strips URLs and control characters, and caps the length', () => {
    const reason = sanitizeReason(`see https://proxy.internal/x?key=s3cr3t-value\n\u0007 s3cr3t-value ${'x'.repeat(500)}`, ['s3cr3t-value']);
    expect(reason).not.toContain('s3cr3t');
    expect(reason).not.toContain('proxy.internal');
    expect(reason).not.toMatch(/[\u0000-\u001f]/);
    expect(reason.length).toBeLessThanOrEqual(MAX_REASON_LENGTH);
    expect(reason.endsWith('…')).toBe(true);
  });
});

it('loggableText caps at 2,000 characters and redacts', () => {
  const text = loggableText(`key1234 ${'y'.repeat(5000)}`, ['key1234']);
  expect(text.startsWith('[redacted] ')).toBe(true);
  expect(text.length).toBeLessThanOrEqual(2000);
});
