// A short program with phases for node --trace-events-enabled (issue 25):
// a busy loop, a timer, file I/O and a hash, so the trace has nested
// v8 and node spans on several threads.
const fs = require('fs');
const crypto = require('crypto');
function busy(ms) { const e = Date.now() + ms; let x = 0; while (Date.now() < e) x++; return x; }
busy(30);
setTimeout(() => {
  fs.writeFileSync('out.tmp', 'x'.repeat(1 << 16));
  fs.readFile('out.tmp', (err, d) => {
    crypto.createHash('sha256').update(d).digest('hex');
    busy(20);
    fs.unlinkSync('out.tmp');
  });
}, 20);
