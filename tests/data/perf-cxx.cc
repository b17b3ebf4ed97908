#include <map>
#include <string>
#include <vector>
#include <cstdio>
namespace calc {
template <typename T> struct Acc {
	std::vector<T> v;
	__attribute__((noinline)) void add(T x) { v.push_back(x); if (v.size() > 4096) v.clear(); }
	__attribute__((noinline)) T sum() const { T s{}; for (auto &e : v) s += e; return s; }
};
__attribute__((noinline)) double work(int n) { Acc<double> a; double t = 0; for (int i = 0; i < n; i++) { a.add(i * 0.5); if (i % 64 == 0) t += a.sum(); } return t; }
__attribute__((noinline)) double work(const std::string &s) { std::map<std::string, int> m; for (int i = 0; i < 20000; i++) m[s + std::to_string(i % 500)] += i; return (double)m.size(); }
}
int main() { double t = 0; for (int r = 0; r < 30; r++) { t += calc::work(200000); t += calc::work(std::string("k")); } std::printf("%f\n", t); return 0; }
