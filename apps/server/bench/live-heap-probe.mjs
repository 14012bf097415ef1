// Preloaded into a process a bench measures (`node --expose-gc --import ./bench/live-heap-probe.mjs …`):
// every 5 s, a full garbage collection (a few tens of ms), then "<epoch ms> <heap used bytes>" appended to the file
// BENCH_LIVE_HEAP_LOG names. That is the live heap: resident memory also holds garbage V8 has not
// collected yet, and grows with it until a collection it chooses the time of.
import fs from 'node:fs';

const file = process.env.BENCH_LIVE_HEAP_LOG;
if (file && typeof globalThis.gc === 'function') {
  setInterval(() => {
    globalThis.gc();
    fs.appendFileSync(file, `${Date.now()} ${process.memoryUsage().heapUsed}\n`);
  }, 5000).unref();
}
