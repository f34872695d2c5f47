// A module worker that unpacks the snapshot Python starts from while it
// downloads (web/boot.mjs), so that the page's own thread stays free to paint
// and to start Pyodide meanwhile. It gets the response's body (a stream, moved)
// and the size unpacked, decompresses the Brotli as the bytes arrive, and
// gives back the unpacked ArrayBuffer (moved, not copied), or a string saying
// what went wrong.

import init, { BrotliStreamResultCode, DecompressStream } from "./brotli_dec_wasm.js";

const OUTPUT = 1 << 20; // bytes asked for at a time

async function unpack(body, size) {
  await init({ module_or_path: new URL("./brotli_dec_wasm_bg.wasm", import.meta.url) });
  const out = new Uint8Array(size);
  const stream = new DecompressStream();
  const reader = body.getReader();
  let at = 0;
  let finished = false;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      let input = read.value;
      for (;;) {
        const result = stream.decompress(input, OUTPUT);
        const { buf, code } = result;
        const used = result.input_offset;
        result.free();
        if (at + buf.length > size) throw new Error(`it is longer than ${size} bytes`);
        out.set(buf, at);
        at += buf.length;
        finished = code === BrotliStreamResultCode.ResultSuccess;
        if (code !== BrotliStreamResultCode.NeedsMoreOutput) break;
        input = input.subarray(used);
      }
    }
  } finally {
    stream.free();
  }
  if (!finished || at !== size) throw new Error(`it stopped at ${at} bytes of ${size}`);
  return out.buffer;
}

self.onmessage = async ({ data: { body, size } }) => {
  try {
    const buffer = await unpack(body, size);
    self.postMessage(buffer, [buffer]);
  } catch (error) {
    self.postMessage(String(error));
  }
};
