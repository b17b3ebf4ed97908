// stats-burn.js - a deterministic CPU burner for the comparison statistics
// (tests/data/README.md: compare-stats).  Six functions with fixed loop
// counts under main; `node --cpu-prof stats-burn.js PCT` makes parse() do
// PCT% of its work (100 = the same speed).  Small-integer arithmetic, so
// nothing is allocated and no garbage collection varies between runs.
'use strict';
const UNIT = 400000;
let sink = 0;
function parse(n) { let s = sink; for (let i = 0; i < n * UNIT; i++) s = (s + i) & 0xfffff; sink = s; }
function lookup(n) { let s = sink; for (let i = 0; i < n * UNIT; i++) s = (s + i) & 0xfffff; sink = s; }
function hash(n) { let s = sink; for (let i = 0; i < n * UNIT; i++) s = (s + i) & 0xfffff; sink = s; }
function render(n) { let s = sink; for (let i = 0; i < n * UNIT; i++) s = (s + i) & 0xfffff; sink = s; }
function compress(n) { let s = sink; for (let i = 0; i < n * UNIT; i++) s = (s + i) & 0xfffff; sink = s; }
function checksum(n) { let s = sink; for (let i = 0; i < n * UNIT; i++) s = (s + i) & 0xfffff; sink = s; }
function main(pct) {
  for (let r = 0; r < 20; r++) {
    parse(Math.floor(300 * pct / 100));
    lookup(250);
    hash(200);
    render(150);
    compress(100);
    checksum(50);
  }
}
main(Number(process.argv[2] || 100));
console.log(sink);
