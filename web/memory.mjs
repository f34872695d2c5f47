// What web/snapshot.mjs (under Node, at build time) and web/boot.mjs (on the
// page) share about the snapshot's form (docs/page-loading.md, "Starting Python"):
// the first bytes of Python's memory are mostly the runtime's own data, which
// WebAssembly puts there when it starts, so the snapshot holds them XORed with
// that data (zeros where unchanged, which compress to nothing), and the page
// XORs them back from its own memory. A checksum of that data says whether
// the page's runtime started with the same bytes as the build's.

/** A 32-bit FNV-1a checksum of `bytes` (a multiple of four), word by word. */
export function checksum(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i], 16777619);
  return hash >>> 0;
}

/** XOR the start of `memory` (the snapshot's memory, after its header) with `data`. */
export function xorInto(memory, data) {
  const into = new Uint32Array(memory.buffer, memory.byteOffset, data.byteLength / 4);
  const from = new Uint32Array(data.buffer, data.byteOffset, data.byteLength / 4);
  for (let i = 0; i < from.length; i++) into[i] ^= from[i];
}

/** Where Python's memory starts in a snapshot: after Pyodide's header. */
export function memoryStart(snapshot) {
  return new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
}

/** Call `seen` with the memory of the next WebAssembly instance made, as
 * instantiation leaves it (before the runtime runs any of its code), and give
 * that instance to its maker; returns a function that stops watching. */
export function watchInstantiation(seen) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const stop = () => Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  const after = (result) => {
    stop();
    seen((result.instance ?? result).exports.memory);
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(after);
  if (instantiateStreaming) {
    WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(after);
  }
  return stop;
}
