import idx from '../../generated/embedded-index.bin';
export default { async fetch() { return new Response(String((idx as ArrayBuffer).byteLength)); } } satisfies ExportedHandler<Env>;
