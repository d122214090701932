// C++ records read from their own debug info, and the compiler's own numbers for them: main prints each
// type's sizeof and the offset of every leaf as CValueKit names it (a base class is the field named after
// it: `.base.a`), computed by the compiler from the members and from static_cast to each base.
#include <cstdio>

#define OFFSET(object, member) static_cast<long>(reinterpret_cast<const char *>(&(object).member) - \
  reinterpret_cast<const char *>(&(object)))
#define BASE(object, type) static_cast<long>(reinterpret_cast<const char *>(static_cast<const type *>(&(object))) - \
  reinterpret_cast<const char *>(&(object)))

struct base { int a; double b; };
struct derived : base { int c; };
struct left { int l; };
struct right { short r; };
struct both : left, right { char c; };
struct empty {};
struct with_empty : empty { int v; };
struct holder { [[no_unique_address]] empty e; int x; };
// A class holding only an empty member, as libstdc++'s _Head_base<1, default_delete<T>, true> holds
// unique_ptr's deleter, under a class deriving from it, both bases of a class beside a base holding a
// pointer, all three at offset 0 (unique_ptr's tuple: _Tuple_impl<0, T *, D> derives from _Tuple_impl<1, D>
// and _Head_base<0, T *>); and a union of [[no_unique_address]] empty members held [[no_unique_address]]
// beside a pointer, in its bytes (a node handle's allocator: std::set<long>::node_type was refused as "size
// 8, CValueKit lays it out as size 16").
struct empty_holder { [[no_unique_address]] empty e; };
struct tuple_tail : empty_holder {};
struct head_pointer { int *p; };
struct tuple_head : tuple_tail, head_pointer {};
struct owner { tuple_head t; };
union empty_union {
  [[no_unique_address]] empty a;
  [[no_unique_address]] empty b;
};
struct handle { int *ptr; [[no_unique_address]] empty_union alloc; };
// Pointers to a data member and to a member function (libstdc++'s std::function holds one), and a complex
// long double (std::complex<long double>'s value, which clang names just `complex`).
struct member_pointers {
  int a;
  int member_pointers::*data;
  void (member_pointers::*method)();
  __complex__ long double z;
  void f() {}
};
struct poly {
  virtual ~poly() {}
  int p;
};
struct poly_derived : poly { int q; };
// Two vptrs, one in each polymorphic base; and a class's own vptr before a base that has none.
struct other_poly {
  virtual void f() {}
  short o;
};
struct two_vptrs : poly, other_poly { int t; };
struct own_vptr : base {
  virtual void g() {}
  int own;
};
class account {
 public:
  explicit account(int id) : id(id), balance(0.5) {}
  int get() const { return id; }
  friend int main();

 private:
  int id;
  double balance;
};
struct counter {
  static int count;
  int value;
};
int counter::count = 0;
struct vbase { int v; };
struct with_virtual_base : virtual vbase { int w; };
struct with_reference { int &ref; int after; };
struct with_rvalue_reference { const base &&moved; int after; };
template <typename T> struct box { T value; };
struct boxed : box<int> { int extra; };
// Tail padding of a base that is not a POD, reused by the derived class.
class packed_tail {
 public:
  packed_tail() : n(1), tag(2) {}
  int n;
  char tag;
};
struct tail_user : packed_tail { char after; short more; };
struct deep : derived, with_empty { char last; };

static void size(const char *type, unsigned long n) { std::printf("%s size %lu\n", type, n); }
static void leaf(const char *type, const char *path, long offset) { std::printf("%s %s %ld\n", type, path, offset); }

int main() {
  derived d{};
  size("derived", sizeof d);
  leaf("derived", ".base.a", OFFSET(d, a));
  leaf("derived", ".base.b", OFFSET(d, b));
  leaf("derived", ".c", OFFSET(d, c));
  both b{};
  size("both", sizeof b);
  leaf("both", ".left.l", OFFSET(b, l));
  leaf("both", ".right.r", OFFSET(b, r));
  leaf("both", ".c", OFFSET(b, c));
  with_empty w{};
  size("with_empty", sizeof w);
  leaf("with_empty", ".v", OFFSET(w, v));
  holder h{};
  size("holder", sizeof h);
  leaf("holder", ".x", OFFSET(h, x));
  empty_holder eh{};
  size("empty_holder", sizeof eh);
  tuple_tail tt{};
  size("tuple_tail", sizeof tt);
  tuple_head th{};
  size("tuple_head", sizeof th);
  leaf("tuple_head", ".head_pointer.p", OFFSET(th, p));
  owner ow{};
  size("owner", sizeof ow);
  leaf("owner", ".t.head_pointer.p", OFFSET(ow, t.p));
  handle hd{};
  size("handle", sizeof hd);
  leaf("handle", ".ptr", OFFSET(hd, ptr));
  member_pointers mp{1, &member_pointers::a, &member_pointers::f, 0};
  size("member_pointers", sizeof mp);
  leaf("member_pointers", ".a", OFFSET(mp, a));
  leaf("member_pointers", ".data", OFFSET(mp, data));
  leaf("member_pointers", ".method.ptr", OFFSET(mp, method));
  leaf("member_pointers", ".method.adj", OFFSET(mp, method) + static_cast<long>(sizeof(void *)));
  leaf("member_pointers", ".z", OFFSET(mp, z));
  poly_derived pd;
  size("poly_derived", sizeof pd);
  // The vptr at the start of each polymorphic subobject (the Itanium C++ ABI's place for it).
  leaf("poly_derived", ".poly.<vptr>", BASE(pd, poly));
  leaf("poly_derived", ".poly.p", OFFSET(pd, p));
  leaf("poly_derived", ".q", OFFSET(pd, q));
  two_vptrs tv;
  size("two_vptrs", sizeof tv);
  leaf("two_vptrs", ".poly.<vptr>", BASE(tv, poly));
  leaf("two_vptrs", ".poly.p", OFFSET(tv, p));
  leaf("two_vptrs", ".other_poly.<vptr>", BASE(tv, other_poly));
  leaf("two_vptrs", ".other_poly.o", OFFSET(tv, o));
  leaf("two_vptrs", ".t", OFFSET(tv, t));
  own_vptr ov;
  size("own_vptr", sizeof ov);
  leaf("own_vptr", ".<vptr>", 0);
  leaf("own_vptr", ".base.a", OFFSET(ov, a));
  leaf("own_vptr", ".base.b", OFFSET(ov, b));
  leaf("own_vptr", ".own", OFFSET(ov, own));
  account account(7);
  size("account", sizeof account);
  leaf("account", ".id", OFFSET(account, id));
  leaf("account", ".balance", OFFSET(account, balance));
  counter c{};
  size("counter", sizeof c);
  leaf("counter", ".value", OFFSET(c, value));
  boxed x{};
  size("boxed", sizeof x);
  leaf("boxed", ".box<int>.value", OFFSET(x, value));
  leaf("boxed", ".extra", OFFSET(x, extra));
  tail_user t;
  size("tail_user", sizeof t);
  leaf("tail_user", ".packed_tail.n", OFFSET(t, n));
  leaf("tail_user", ".packed_tail.tag", OFFSET(t, tag));
  leaf("tail_user", ".after", OFFSET(t, after));
  leaf("tail_user", ".more", OFFSET(t, more));
  deep e{};
  size("deep", sizeof e);
  leaf("deep", ".derived.base.a", OFFSET(e, a));
  leaf("deep", ".derived.base.b", OFFSET(e, b));
  leaf("deep", ".derived.c", OFFSET(e, c));
  leaf("deep", ".with_empty.v", OFFSET(e, v));
  leaf("deep", ".last", OFFSET(e, last));
  with_virtual_base v;
  size("with_virtual_base", sizeof v);
  int target = 1;
  with_reference ref{target, 2};
  size("with_reference", sizeof ref + static_cast<unsigned long>(ref.ref - 1));
  with_rvalue_reference moved{base{}, 3};
  size("with_rvalue_reference", sizeof moved + static_cast<unsigned long>(moved.moved.a));
  return counter::count + account.get() - 7 + mp.*(mp.data) - 1;
}
