// A main thread and a worker thread, each busy in its own function, for
// flametui's legacy CpuProfile trace test (see README.md).
const { Worker, isMainThread } = require('worker_threads');
function spin(ms, f) { const end = Date.now() + ms; let s = 0; while (Date.now() < end) s += f(20); return s; }
function fibMain(n) { return n < 2 ? n : fibMain(n - 1) + fibMain(n - 2); }
function fibWorker(n) { return n < 2 ? n : fibWorker(n - 1) + fibWorker(n - 2); }
if (isMainThread) {
  const w = new Worker(__filename);
  spin(300, fibMain);
  w.on('exit', () => console.log('done'));
} else {
  spin(300, fibWorker);
}
