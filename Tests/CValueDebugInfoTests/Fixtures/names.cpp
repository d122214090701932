// C++ types named as C++ names them: in namespaces (nested, anonymous), in classes, template instances
// (nested ones, which gcc spells `box<box<int> >`), a class with private members and a constructor, and
// `using` aliases in a namespace.
namespace geo {
struct point {
  double x, y;
};
using coordinate = double;
typedef point vertex;
}  // namespace geo
namespace a::b {
struct rec {
  int v;
};
// A class and a class template in a namespace, each with a type of its own: `a::b::shell::core`,
// `a::b::holder<int>::part`.
struct shell {
  struct core {
    short c;
  } k;
};
template <typename T>
struct holder {
  struct part {
    T t;
  } p;
};
}  // namespace a::b
struct outer {
  struct inner {
    int i;
  } in;
  int o;
};
template <typename T>
struct box {
  T value;
  int tag;
};
namespace {
struct hidden {
  int h;
};
// A union in the anonymous namespace, and one in a template over a function pointer: parentheses in a
// union's name, which its encoding wraps in parentheses too.
union hidden_union {
  int i;
  float f;
};
}  // namespace
template <typename T>
struct slotted {
  union slot {
    T value;
    char none;
  } s;
  int tag;
};
int twice(int n) { return 2 * n; }
class account {
 public:
  explicit account(int id) : id(id), balance(0.5) {}
  int get() const { return id; }

 private:
  int id;
  double balance;
};

// Default template arguments: found as `defaulted<short>` too, and `defaulted<short, 2>` is its own type.
namespace geo {
template <typename T, int N = 4, typename Tag = void>
struct defaulted {
  T items[N];
};
}  // namespace geo

int names_use(int n) {
  geo::coordinate c = n;
  geo::point p{c, 2};
  geo::vertex v{3, 4};
  a::b::rec r{n};
  a::b::shell sh{};
  a::b::holder<int> ho{};
  outer o{};
  box<double> bd{};
  box<geo::point> bp{};
  box<box<int>> bb{};
  hidden h{n};
  account acc(n);
  hidden_union hu{n};
  slotted<int (*)(int)> sl{};
  geo::defaulted<short> d4{};
  geo::defaulted<short, 2> d2{};
  sl.s.value = twice;
  return static_cast<int>(p.x + v.y) + r.v + o.o + bd.tag + bp.tag + bb.tag + h.h + acc.get() + sh.k.c + ho.p.t +
         hu.i + sl.s.value(sl.tag) + d4.items[3] + d2.items[1];
}

int main() { return names_use(0); }
