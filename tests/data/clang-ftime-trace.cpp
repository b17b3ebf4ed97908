#include <map>
#include <string>
#include <vector>
#include <algorithm>
#include <sstream>
template <int N> struct Fib { static const long v = Fib<N-1>::v + Fib<N-2>::v; };
template <> struct Fib<1> { static const long v = 1; };
template <> struct Fib<0> { static const long v = 0; };
int main() {
  std::map<std::string, std::vector<int>> m;
  m["a"].push_back(Fib<40>::v % 7);
  std::vector<std::string> v{"b", "a"};
  std::sort(v.begin(), v.end());
  std::ostringstream os; os << v[0] << m.size();
  return (int)os.str().size();
}
