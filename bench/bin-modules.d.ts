/** Data modules (wrangler/Miniflare `Data` rule): the bytes as an ArrayBuffer. */
declare module '*.bin' {
  const value: ArrayBuffer;
  export default value;
}
