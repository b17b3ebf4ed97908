use std::ops::Index;
struct Gen { s: u64 }
trait Generate { fn generate(&mut self) -> f64; }
impl Generate for Gen { #[inline(never)] fn generate(&mut self) -> f64 { self.s = self.s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); (self.s >> 11) as f64 / (1u64 << 53) as f64 } }
#[inline(never)]
fn work(v: &Vec<f64>, m: &Vec<Vec<f64>>, n: usize) -> f64 {
    let mut acc = 0.0;
    for i in 0..n { for j in 0..v.len() { acc += v.index(j) * m.index(i % m.len()).index(j); } }
    acc
}
fn main() {
    let mut g = Gen { s: 1 };
    let v: Vec<f64> = (0..1000).map(|_| g.generate()).collect();
    let m: Vec<Vec<f64>> = (0..50).map(|_| (0..1000).map(|_| g.generate()).collect()).collect();
    let mut t = 0.0;
    for _ in 0..300 { t += work(&v, &m, 200); let x: Vec<f64> = (0..20000).map(|_| g.generate()).collect(); t += x[5]; }
    println!("{}", t);
}
