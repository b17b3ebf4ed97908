// A small CPU-bound workload: JSON, regex, sorting, a zlib round trip.
const zlib = require('zlib');
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
function sortWords(n) {
  const a = [];
  for (let i = 0; i < n; i++) a.push(Math.random().toString(36).slice(2));
  return a.sort();
}
function regexWork(n) {
  let c = 0;
  const re = /([a-z]+)(\d+)/g;
  for (let i = 0; i < n; i++) c += ('abc' + i + 'def' + i).replace(re, '$2$1').length;
  return c;
}
function compress() {
  const buf = Buffer.alloc(1 << 20, 'flametui ');
  for (let i = 0; i < 20; i++) zlib.inflateSync(zlib.deflateSync(buf));
}
const end = Date.now() + 600;
let s = 0;
while (Date.now() < end) { s += fib(22); sortWords(2000).length; s += regexWork(2000); compress(); }
setTimeout(() => { console.log(s > 0 ? 'ok' : 'no'); }, 50);
