#include <functional>
#include <vector>
#include <cstdio>
namespace { struct Acc { double v = 0; void add(double x) { v += x * 1.0000001; } }; }
static double run(std::function<double(int)> f, int n) { double s = 0; for (int i = 0; i < n; i++) s += f(i); return s; }
static double run2(std::function<void(int)> f, int n) { for (int i = 0; i < n; i++) f(i); return 0; }
int main() {
  std::vector<double> v; Acc acc;
  double t = 0;
  for (int k = 0; k < 100; k++) {
    t += run([&](int i) { return (double)i * 0.5 + v.size(); }, 200000);
    run2([&](int i) { v.push_back(i * 0.25); acc.add(i); }, 100000);
    std::vector<int> w; for (int i = 0; i < 50000; i++) w.push_back(i);
    t += w[7] + acc.v;
    v.clear();
  }
  printf("%f\n", t);
}
