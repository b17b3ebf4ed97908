// Compress and decompress a text file repeatedly with node's zlib (deflate, gzip, brotli).
const fs = require('fs'), zlib = require('zlib');
const data = fs.readFileSync(process.argv[2]);
function roundTrip(buf) {
  const gz = zlib.gzipSync(buf, {level: 9});
  const br = zlib.brotliCompressSync(buf.subarray(0, 4 << 20));
  return zlib.gunzipSync(gz).length + zlib.brotliDecompressSync(br).length;
}
let total = 0;
for (let i = 0; i < 3; i++) total += roundTrip(data.subarray(0, 16 << 20));
console.log(total);
