// phases.js - three phases for a time-sliced profile: phaseA spins ~1 s,
// then an idle ~1 s timer wait, then phaseB spins ~1 s.
function spinA(t) { let x = 0; while (Date.now() - t < 1000) x += Math.sqrt(x + 1); return x; }
function spinB(t) { let x = 0; while (Date.now() - t < 1000) x += Math.sin(x + 1); return x; }
function phaseA() { return spinA(Date.now()); }
function phaseB() { return spinB(Date.now()); }
phaseA();
setTimeout(() => { phaseB(); }, 1000);
