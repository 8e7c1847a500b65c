/**
 * The bundled index (a Data module: its bytes). The specifier is an alias — wrangler.toml's
 * `[alias]`, `npm run dev`'s `--alias`, the test config's `resolve.alias` — to the module
 * build-index writes beside each index file.
 */
declare module '@edge-retriever/embedded-index' {
  const bytes: ArrayBuffer;
  export default bytes;
}
