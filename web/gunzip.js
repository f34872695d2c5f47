// A worker that unzips what web/boot.mjs gives it (the snapshot Python
// starts from: 31 MB from 6), so that the page's own thread stays free to
// paint and to start Pyodide meanwhile. It gets a gzipped ArrayBuffer and
// gives back the unzipped one (both moved, not copied).

self.onmessage = async ({ data }) => {
  try {
    const unzipped = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    const buffer = await new Response(unzipped).arrayBuffer();
    self.postMessage(buffer, [buffer]);
  } catch (error) {
    self.postMessage(String(error));
  }
};
