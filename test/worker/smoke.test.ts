import { env, exports } from 'cloudflare:workers';
import { expect, it } from 'vitest';
it('runs', async () => {
  const res = await exports.default.fetch('http://x/');
  expect(await res.text()).toBe('12');
  expect((env as any).SMOKE).toBe('hello');
});
