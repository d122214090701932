#!/usr/bin/env python3
"""The C++ layout corpus: every record of real C++ headers (libstdc++'s containers, strings, smart pointers,
threads and streams; GoogleTest, Catch2 and doctest when installed) and of the test's own types, compiled by
g++ and clang++ with DWARF 4 and 5, at -O0 and -O2, read back from the DWARF with `cvalue import --binary` and
`cvalue layout --binary --json`, and checked against the compiler's own numbers: clang's
`-fdump-record-layouts-complete` of the same translation unit (g++ and clang++ lay C++ out by the same
Itanium ABI, so one oracle serves both).

For each record both sides name alike, its size and the offset of every leaf the compiler lists (scalars,
pointers, each array's first element, bitfields by bit, the vptr; a base is the member named after it) must
equal the compiler's. A record
CValueKit refuses is counted by the reason's kind; a name the two sides spell differently (clang's dump
leaves out default template arguments: `std::vector<int>` for DWARF's `std::vector<int, std::allocator<int> >`,
matched by one spelling of both sides: clang's integer names, `const` after what it qualifies, libstdc++'s default
arguments dropped at every level, an enumerator for g++'s cast; or by dropping trailing `void`, `true`, `false`;
either only when one record of each side has it) and is not matched is counted as unmatched, never compared.

Usage: Scripts/headers/cpp-corpus.py [--cvalue PATH] [--builds g++:-gdwarf-4:-O0,...] [--keep DIR] [--quick]
(a build's DWARF part may hold more flags, space-separated: "g++:-gdwarf-5 -fdebug-types-section:-O0")

Prints one line per build: `corpus (g++ -gdwarf-5 -O2): R records compared (F members), M mismatches,
X refused (by kind), U unmatched`, then every mismatch with both sides; exits 1 on a mismatch.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HEADERS = [
    "string", "string_view", "vector", "map", "set", "unordered_map", "unordered_set", "deque", "list",
    "forward_list", "array", "optional", "variant", "tuple", "utility", "memory", "functional", "chrono",
    "mutex", "thread", "atomic", "complex", "bitset", "random", "regex", "sstream", "iostream",
    "filesystem", "system_error",
]
FRAMEWORKS = {
    "gtest/gtest.h": "/usr/include/gtest/gtest.h",
    "catch2/catch.hpp": "/usr/include/catch2/catch.hpp",
    "doctest/doctest.h": "/usr/include/doctest/doctest.h",
}

# Uses enough of every header that the compilers emit its records: an instance of each class template, a
# call of each function that instantiates the internals.
USES = r"""
namespace corpus {
struct point { double x, y; };
struct base { int id; virtual ~base() {} };
struct empty {};
struct derived : base, empty { point where; unsigned flags : 3; char name[200]; };
template <typename T> struct box { T value; struct part { T t; short s; } p; };
class account { public: explicit account(int n) : id(n) {} int get() const { return id; } private: int id; double balance = 0; };
struct holder {
  std::string name; std::vector<int> items; std::map<int, std::string> table; std::unique_ptr<point> owned;
  std::shared_ptr<point> shared; std::optional<int> maybe; std::array<point, 3> corners; std::pair<int, double> pair;
  std::tuple<int, char, double> tuple; std::variant<int, double> either; std::string_view view;
  std::unordered_map<std::string, int> hashed; std::set<long> ordered; std::deque<short> queue;
  std::list<float> linked; std::forward_list<char> singly; std::function<int(int)> call;
  std::chrono::nanoseconds elapsed; std::atomic<int> counter; std::complex<double> z; std::bitset<100> bits;
};
}
int corpus_use(int n) {
  corpus::derived d{}; corpus::box<double> b{}; corpus::box<corpus::point> bp{}; corpus::account a(n);
  corpus::holder h; h.name = "x"; h.items.push_back(n); h.table[n] = "y"; h.owned.reset(new corpus::point{});
  h.shared = std::make_shared<corpus::point>(); h.maybe = n; h.hashed["k"] = n; h.ordered.insert(n);
  h.queue.push_back(1); h.linked.push_back(1); h.singly.push_front('a'); h.call = [](int v) { return v; };
  h.counter = n; h.bits.set(3);
  std::mt19937 rng(n); std::regex re("a+"); std::ostringstream out; out << n; std::mutex m;
  std::lock_guard<std::mutex> lock(m); std::error_code ec; std::filesystem::path p("/tmp");
  std::thread t([] {}); t.join(); std::unordered_set<int> us{n}; std::vector<std::string> words{"a"};
  return d.base::id + (int)b.value + (int)bp.p.s + a.get() + (int)h.items.size() + (int)rng() % 2
    + (int)std::regex_match("aa", re) + (int)out.str().size() + ec.value() + (int)p.string().size()
    + (int)us.size() + (int)words.size() + h.call(1) + (int)h.z.real() + (int)h.elapsed.count();
}
int main() { return corpus_use(0) == 12345; }
"""


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def source(directory):
    includes = [f"#include <{h}>" for h in HEADERS]
    # doctest's implementation in this unit: its header's registrations call it.
    includes += ["#define DOCTEST_CONFIG_IMPLEMENT"] + [
        f"#include <{h}>" for h, path in FRAMEWORKS.items() if os.path.exists(path)]
    path = os.path.join(directory, "corpus.cpp")
    with open(path, "w") as file:
        file.write("\n".join(includes) + "\n" + USES)
    return path


def split_top(text, separator=","):
    """`text` split at `separator`s outside <> and ()."""
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        if character in "<(":
            depth += 1
        elif character in ">)":
            depth -= 1
        elif character == separator and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    return parts


def normalize(name):
    """A name as both sides can be compared: no inline namespaces (`__cxx11`, `__1`, `_V2`), `bool`, one
    spelling of `> >`."""
    name = re.sub(r"\b(std::)?(__cxx11|__1|_V2)::", r"\1", name)
    name = name.replace("_Bool", "bool").replace("> >", ">>").replace("> >", ">>")
    name = re.sub(r"\s+", " ", name).strip()
    name = re.sub(r"\b(struct|class|union|enum) ", "", name)
    return name


def shortenings(name):
    """`name`, then with trailing template arguments of its last component dropped, one at a time, while each is
    `void`, `true` or `false`: a default the template computes (`typename = void`, `bool = is_void<T>::value`),
    which clang's dump leaves out (`std::__make_unsigned_selector<wchar_t>` for `<wchar_t, true, false>`). Others
    are not: `std::chrono::duration<long double, std::ratio<60, 1>>` is not clang's `duration<long double>`."""
    yield name
    last = last_component(name)
    scope = name[:len(name) - len(last)]
    match = re.match(r"^([^<]*)<(.*)>$", last)
    if not match:
        return
    head, arguments = match.group(1), split_top(match.group(2))
    for keep in range(len(arguments) - 1, 0, -1):
        if arguments[keep] not in ("void", "true", "false"):
            return
        yield f"{scope}{head}<{', '.join(arguments[:keep])}>"


# g++ writes the integer types its own way (`long unsigned int`); clang's dump as C++ spells them.
INTEGERS = [
    (r"\blong long unsigned int\b", "unsigned long long"), (r"\blong long int\b", "long long"),
    (r"\blong unsigned int\b", "unsigned long"), (r"\bshort unsigned int\b", "unsigned short"),
    (r"\blong int\b", "long"), (r"\bshort int\b", "short"),
]
# An enumerator as a template argument: the DWARF writes a cast (`(__gnu_cxx::_Lock_policy)2`), clang's dump the
# enumerator (libstdc++'s ext/concurrence.h: _S_single, _S_mutex, _S_atomic).
ENUMERATORS = {"(__gnu_cxx::_Lock_policy)0": "__gnu_cxx::_S_single",
               "(__gnu_cxx::_Lock_policy)1": "__gnu_cxx::_S_mutex",
               "(__gnu_cxx::_Lock_policy)2": "__gnu_cxx::_S_atomic"}
# Default template arguments clang's dump leaves out at every level (`std::map<int, std::basic_string<char>>`),
# each the same type as the template's first argument: `std::char_traits<T>`, `std::less<T>`, ...
SAME_AS_FIRST = ("std::char_traits", "std::less", "std::equal_to", "std::hash", "std::default_delete",
                 "std::regex_traits")
# libstdc++'s names of string types, which clang's dump writes for a specialization its source spells so
# (`std::hash<std::string>`): the character type of each.
TYPEDEFS = {"string": "char", "wstring": "wchar_t", "u8string": "char8_t", "u16string": "char16_t",
            "u32string": "char32_t", "string_view": "char", "wstring_view": "wchar_t", "u8string_view": "char8_t",
            "u16string_view": "char16_t", "u32string_view": "char32_t"}
# Names of namespace std that such a specialization writes unqualified (`std::hash<thread::id>`).
STD_NAMES = ["nullptr_t", "thread::id", "random_access_iterator_tag", "error_code", "error_condition", "errc",
             "io_errc", "monostate", "byte", "filesystem::path"]
# The locale facets that read or write a stream: `std::money_get<C, std::istreambuf_iterator<C>>`.
FACETS = {"std::" + name for name in (
    "money_get money_put time_get time_put num_get num_put time_get_byname time_put_byname").split()}
# The templates they are dropped from: libstdc++'s containers, strings, streams, smart pointers and their bases,
# each of a fixed number of arguments (a variadic one, `std::tuple<T, std::allocator<T>>`, is another type than
# `std::tuple<T>`). Both sides' names lose them, so a base that has no default (`std::_Vector_base<T, A>`) is
# still one name for one record.
DEFAULTED = {
    "std::" + name for name in (
        "vector _Vector_base deque _Deque_base list _List_base forward_list _Fwd_list_base map multimap set "
        "multiset _Rb_tree unordered_map unordered_multimap unordered_set unordered_multiset basic_string "
        "basic_string_view basic_istream basic_ostream basic_iostream basic_istringstream basic_ostringstream "
        "basic_stringstream basic_stringbuf basic_streambuf basic_ios basic_regex match_results unique_ptr "
        "__uniq_ptr_impl __uniq_ptr_data __shared_ptr __weak_ptr __shared_count __weak_count _Sp_counted_base "
        "_Sp_counted_ptr _Sp_counted_ptr_inplace _Sp_counted_deleter __enable_shared_from_this _Mutex_base "
        "__is_byte_like ratio chrono::duration stack queue priority_queue istreambuf_iterator ostreambuf_iterator "
        "iterator").split()} | {"__gnu_cxx::__alloc_traits"} | FACETS


def spelling(name):
    """`name` (normalized) spelled one way for both sides: clang's integer names, enumerators for casts, no
    suffix on an integer argument, `std::basic_string<char>` for `std::string`, `const` and `volatile` after
    the name they qualify (`int const&`, clang's `const int &`), no space but between two words."""
    for pattern, replacement in INTEGERS:
        name = re.sub(pattern, replacement, name)
    for cast, enumerator in ENUMERATORS.items():
        name = name.replace(cast, enumerator)
    name = re.sub(r"(?<![\w.])(-?\d+)(?:ULL|LL|UL|L|U)\b", r"\1", name)  # clang's DWARF: `std::ratio<60L, 1L>`
    # clang's dump writes an explicit specialization as its source does, in namespace std: `std::hash<string>`.
    unqualified = "|".join([*TYPEDEFS, *(f"pmr::{typedef}" for typedef in TYPEDEFS), *STD_NAMES])
    def qualified(found):
        depth, index = 0, found.start()
        while index > 0 and (depth or name[index - 1] != "<"):  # back to the `<` the argument is in
            index -= 1
            depth += {">": 1, "<": -1}.get(name[index], 0)
        head = re.search(r"[\w:]*$", name[:max(index - 1, 0)]).group(0)
        return f"std::{found.group(1)}" if head.startswith("std::") else found.group(0)
    name = re.sub(rf"(?<=[<,]) ?({unqualified})(?=[,>])", qualified, name)
    name = re.sub(r"(?<![\w:])(_S_single|_S_mutex|_S_atomic)\b", r"__gnu_cxx::\1", name)
    for typedef, character in TYPEDEFS.items():
        template = "basic_string_view" if typedef.endswith("_view") else "basic_string"
        name = re.sub(rf"\bstd::{typedef}\b", f"std::{template}<{character}>", name)
        if template == "basic_string":
            name = re.sub(rf"\bstd::pmr::{typedef}\b", f"std::basic_string<{character}, std::char_traits<{character}>, "
                          f"std::pmr::polymorphic_allocator<{character}>>", name)
    word = r"(?:unsigned|signed|long|short|int|char|double|float|bool|void|wchar_t|char\d+_t)\b"
    words = rf"{word}(?: {word})*"
    qualified = r"[A-Za-z_][\w:]*"

    def qualifiers_after(name):
        parts, index = [], 0
        while True:
            found = re.compile(r"(?<![\w:])((?:const |volatile )+)").search(name, index)
            if not found:
                parts.append(name[index:])
                return "".join(parts)
            start = found.end()
            named = re.compile(words).match(name, start) or re.compile(qualified).match(name, start)
            if not named:
                parts.append(name[index:start])
                index = start
                continue
            end = named.end()
            if end < len(name) and name[end] == "<":  # the template arguments go with the name
                depth = 0
                for end in range(end, len(name)):
                    depth += {"<": 1, ">": -1}.get(name[end], 0)
                    if depth == 0:
                        break
                end += 1
            moved = qualifiers_after(name[start:end]) + " " + found.group(1).strip()
            parts.append(name[index:found.start()] + moved)
            index = end
    name = qualifiers_after(name)
    name = re.sub(r"\bvolatile const\b", "const volatile", name)
    name = re.sub(r"\s+", " ", name)
    return re.sub(r"(?<=\W) | (?=\W)", "", name)


def is_default(template, argument, earlier):
    """Whether `argument`, after the `earlier` ones, is a default argument of libstdc++'s `template` (one of
    ``DEFAULTED``), which clang's dump leaves out: `std::allocator<T>` (`<std::pair<K const,V>>` for a map,
    `<std::sub_match<It>>` for match_results), `std::char_traits<T>`, `std::less<T>` and the like,
    `__gnu_cxx::_S_atomic`, the value type `T` of `__gnu_cxx::__alloc_traits<std::allocator<T>, T>`, the
    denominator 1 of `std::ratio<N, 1>`, `std::ratio<1>` of a duration, `std::deque<T>` of a stack, the
    stream iterator of a facet, `long`, `T*`, `T&` of `std::iterator<Category, T>`."""
    if template not in DEFAULTED:
        return False
    if argument == "__gnu_cxx::_S_atomic":
        return True
    if template == "__gnu_cxx::__alloc_traits":
        return earlier == [f"std::allocator<{argument}>"]
    if template == "std::ratio":
        return bool(earlier) and argument == "1"
    if template == "std::chrono::duration":
        return bool(earlier) and argument == "std::ratio<1>"
    if template == "std::iterator":  # iterator<Category, T, ptrdiff_t, T*, T&>
        return len(earlier) >= 2 and argument == {2: "long", 3: f"{earlier[1]}*", 4: f"{earlier[1]}&"}.get(
            len(earlier))
    if template in FACETS:
        return bool(earlier) and argument == f"std::{'i' if 'get' in template else 'o'}streambuf_iterator<{earlier[0]}>"
    named = re.fullmatch(r"([\w:]+)<(.*)>", argument)
    if not earlier or not named:
        return False
    head, inner = named.groups()
    if head in SAME_AS_FIRST:
        return inner == earlier[0]
    if head == "std::allocator":
        return inner in earlier or inner == f"std::sub_match<{earlier[0]}>" or (
            len(earlier) >= 2 and inner == f"std::pair<{earlier[0]} const,{earlier[1]}>")
    if head in ("std::deque", "std::vector") and template in ("std::stack", "std::queue", "std::priority_queue"):
        return inner == earlier[0] and head == ("std::vector" if template == "std::priority_queue" else "std::deque")
    return False


def canonical(name):
    """`name` (normalized) as both sides spell it alike (``spelling``) and without default template arguments
    at any level, the way clang's dump writes them."""
    def without_defaults(text):
        result, index = "", 0
        while index < len(text):
            if text[index] != "<":
                result += text[index]
                index += 1
                continue
            depth = 0
            for end in range(index, len(text)):
                depth += {"<": 1, ">": -1}.get(text[end], 0)
                if depth == 0:
                    break
            arguments = [without_defaults(a) for a in split_top(text[index + 1:end])] if end > index + 1 else []
            template = re.search(r"[\w:]*$", result).group(0)
            while arguments and is_default(template, arguments[-1], arguments[:-1]):
                arguments.pop()
            result += "<" + ",".join(arguments) + ">"
            index = end + 1
        return result
    return without_defaults(spelling(name))


def matches(names, layouts):
    """Each DWARF record name (of `names`) → the name of clang's layout it is: the same name; else the same
    ``canonical`` spelling; else the name with computed defaults dropped (``shortenings``). The last two count
    only when one layout of clang's and one record of the DWARF's, not matched before, have it: two records
    (`std::enable_if<true, int*>`, `<true, char*>`, both `std::enable_if<true>` shortened) are never matched to
    one layout."""
    found = {name: normalize(name) for name in names if normalize(name) in layouts}
    spelled = collections.defaultdict(list)
    for key in layouts:
        spelled[canonical(key)].append(key)
    def shortened(name):
        forms = (canonical(shorter) for shorter in list(shortenings(normalize(name)))[1:])
        return next((spelled[form] for form in forms if form in spelled), [])
    for spellings in (lambda name: spelled.get(canonical(normalize(name)), []), shortened):
        taken = set(found.values())
        candidates = collections.defaultdict(list)
        for name in names:
            keys = [] if name in found else spellings(name)
            if len(keys) == 1 and keys[0] not in taken:
                candidates[keys[0]].append(name)
        found.update({records[0]: key for key, records in candidates.items() if len(records) == 1})
    return found


def oracle(source_path, flags):
    """clang's record layouts: name → {size, leaves: {path: bit offset}}, each leaf (a scalar, a pointer, an
    array's first element, a bitfield, the vptr) named by the path CValueKit gives it: a base is the member
    named after it (`.base<int>.a`), an anonymous union's members are the record's own, the vptr is
    `<vptr>`."""
    result = run(["clang++", "-std=c++17", "-fsyntax-only", *flags, "-Xclang", "-fdump-record-layouts-complete",
                  source_path])
    if result.returncode != 0:
        sys.exit(f"clang++ could not build the oracle:\n{result.stderr[-2000:]}")
    layouts = {}
    for block in result.stdout.split("*** Dumping AST Record Layout")[1:]:
        lines = [line for line in block.splitlines() if "|" in line and line.split("|", 1)[0].strip()]
        if not lines:
            continue
        head = lines[0].split("|", 1)[1].strip().removesuffix("(empty)").strip()
        if "(unnamed" in head or "(anonymous" in head.replace("(anonymous namespace)", "") or "(lambda" in head:
            continue
        size = re.search(r"sizeof=(\d+)", block)
        if not size:
            continue
        parsed = []
        for line in lines[1:]:
            offset, text = line.split("|", 1)
            if re.match(r"\d+:\d+-\d+", offset.strip()) and text.endswith(" "):
                continue  # an unnamed bitfield (`int : 32`): padding, no member
            depth = (len(text) - len(text.lstrip(" ")) - 1) // 2
            bits = re.match(r"(\d+):(\d+)-(\d+)", offset.strip())
            start = int(bits.group(1)) * 8 + int(bits.group(2)) if bits else int(offset.strip()) * 8
            parsed.append((depth, start, text.strip(), bool(bits)))
        leaves, path = {}, []
        for index, (depth, start, text, is_bitfield) in enumerate(parsed):
            del path[depth - 1:]
            if "vtable pointer)" in text:
                component = ".<vptr>"
            elif re.search(r"\((primary |virtual )?base\)", text):
                if "virtual base" in text:
                    break  # refused by CValueKit, not compared
                base = re.sub(r"\s*\((primary |virtual )?base\).*$", "", text)
                component = "." + last_component(normalize(base))
            elif text.endswith(")"):
                component = ""  # an anonymous union or struct: its members are the record's own
            else:
                component = "." + text.rsplit(" ", 1)[-1]
            path.append(component)
            is_leaf = index + 1 == len(parsed) or parsed[index + 1][0] <= depth
            if is_leaf and not text.endswith("(empty)"):
                leaves["".join(path)] = start
        else:
            layouts[normalize(head)] = {"size": int(size.group(1)), "leaves": leaves}
    return layouts


def untemplated(path):
    """`path` without template arguments: `.items._Vector_base._M_impl`."""
    while True:
        shorter = re.sub(r"<[^<>]*>", "", path)
        if shorter == path:
            return path
        path = shorter


def last_component(name):
    """The name's last part after `::` outside <> and (): `point` for `geo::point`, `box<geo::point>`."""
    return split_top(name.replace("::", "\x00"), "\x00")[-1].replace("\x00", "::")


def check(cvalue, program, layouts, report, quick=False):
    catalog = run([cvalue, "import", "--binary", program])
    if catalog.returncode != 0:
        sys.exit(f"cvalue import --binary {program} failed:\n{catalog.stderr}")
    imported = json.loads(catalog.stdout)
    refused = collections.Counter()
    for name, reason in imported.get("skipped", {}).items():
        if name.startswith(("struct ", "union ")):
            refused[kind(reason)] += 1
    compared = members = unmatched = 0
    mismatches = []
    records = [record for record in imported["records"] if not (
        "(anonymous" in record["name"] and "(anonymous namespace)" not in record["name"]
        or "(unnamed" in record["name"])]
    matched = matches([record["name"] for record in records], layouts)
    for record in records:
        dwarf_name = record["name"]
        key = matched.get(dwarf_name)
        if key is None:
            unmatched += 1
            continue
        expected = layouts[key]
        if quick and not expected["leaves"]:
            compared += 1
            if record["size"] != expected["size"]:
                mismatches.append((dwarf_name, [f"size {record['size']} (import), the compiler's "
                                                f"{expected['size']}"]))
            continue
        lookup = dwarf_name.removeprefix("struct ").removeprefix("union ")
        layout = run([cvalue, "layout", "--binary", program, lookup, "--json"])
        if layout.returncode != 0:
            refused[kind(layout.stderr)] += 1
            continue
        actual = json.loads(layout.stdout)
        compared += 1
        problems = []
        if actual["size"] != expected["size"]:
            problems.append(f"size {actual['size']}, the compiler's {expected['size']}")
        # Paths compared without template arguments: a base is named by its class, which clang's dump spells
        # without its default arguments (`__shared_ptr<point>` for `__shared_ptr<point, _S_atomic>`). Two bases
        # named apart only by their arguments (GoogleTest's `FlatTupleElemBase<…, 0>` and `<…, 1>`) then give
        # one path twice: each side's offsets for a path are compared as a sorted list.
        expected_offsets = collections.defaultdict(list)
        for path, bit_offset in expected["leaves"].items():
            expected_offsets[untemplated(path)].append(bit_offset)
        for path, offsets in expected_offsets.items():
            found = leaf_offsets(actual["fields"], path)
            if not found:
                problems.append(f"{path}: no such leaf, the compiler's at bit {min(offsets)}")
                continue
            members += len(offsets)
            if found != sorted(offsets):
                problems.append(f"{path}: bits {found}, the compiler's {sorted(offsets)}")
        if problems:
            mismatches.append((dwarf_name, problems))
    report.append((compared, members, mismatches, refused, unmatched))


def leaf_offsets(fields, path):
    """The sorted bit offsets of the leaves `fields` (cvalue's, templated paths) give the untemplated `path`: a
    field of that path, or an array's first element (`path[0]`, `path[0][0]`), one offset per templated path. A
    pointer to a member function, one leaf in clang's dump, is two in cvalue's (`.ptr`, `.adj`): when nothing
    else matches, a record's first leaf stands for it."""
    def offset(field):
        return field.get("bitOffset", field["offset"] * 8)
    def templated_prefix(whole, length):
        """The start of `whole` whose untemplated spelling is `length` characters long."""
        depth = count = 0
        for index, character in enumerate(whole):
            if count == length and depth == 0 and character != "<":
                return whole[:index]
            if character == "<":
                depth += 1
            elif character == ">":
                depth -= 1
            elif depth == 0:
                count += 1
        return whole
    firsts = {}
    for field in fields:
        bare = untemplated(field["path"])
        if bare == path or bare.startswith(path + "["):
            whole = templated_prefix(field["path"], len(path))
            firsts[whole] = min(firsts.get(whole, offset(field)), offset(field))
    if not firsts:
        for field in fields:
            whole = field["path"]
            if untemplated(whole).startswith(path + "."):
                record = whole.rsplit(".", 1)[0]
                firsts[record] = min(firsts.get(record, offset(field)), offset(field))
    return sorted(firsts.values())


def kind(reason):
    for words, label in [("reference", "reference"), ("virtual base", "virtual base"),
                         ("only declares", "declared only"), ("no debug info", "not found"),
                         ("has no type encoding", "no encoding"), ("no layout", "no layout")]:
        if words in reason:
            return label
    return reason.strip().splitlines()[0][:60] if reason.strip() else "other"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cvalue", default=".build/debug/cvalue")
    parser.add_argument("--builds", default="g++:-gdwarf-4:-O0,g++:-gdwarf-5:-O2,clang++:-gdwarf-4:-O2,"
                        "clang++:-gdwarf-5:-O0")
    parser.add_argument("--keep", help="build in this directory and keep it")
    parser.add_argument("--quick", action="store_true",
                        help="check a record with no leaves (an empty class: traits, tags) by the size "
                        "`cvalue import` gives it, without a `cvalue layout` run each (most records, most of the "
                        "time); one `cvalue layout` would refuse (a union named with a function type, "
                        "`union holder<int(*)(int)>::slot`) is then counted as compared")
    arguments = parser.parse_args()
    directory = arguments.keep or tempfile.mkdtemp(prefix="cpp-corpus-")
    os.makedirs(directory, exist_ok=True)
    path = source(directory)
    layouts = oracle(path, [])
    print(f"oracle: clang++ laid out {len(layouts)} named records")
    failed = False
    for build in arguments.builds.split(","):
        compiler, dwarf, level = build.split(":")
        program = os.path.join(directory, f"corpus_{compiler}{dwarf}{level}".replace("+", "x").replace(" ", "_"))
        # The DWARF part may hold more flags: "-gdwarf-5 -fdebug-types-section", "-gdwarf-4 -gsplit-dwarf".
        flags = ["-std=c++17", "-g", *dwarf.split(), level, "-fno-eliminate-unused-debug-types", "-pthread"]
        if compiler.startswith("clang"):
            flags.append("-fstandalone-debug")
        frameworks = []
        if os.path.exists(FRAMEWORKS["gtest/gtest.h"]):
            frameworks = ["-lgtest"]
        built = run([compiler, *flags, path, "-o", program, *frameworks])
        if built.returncode != 0:
            sys.exit(f"{compiler} could not build the corpus:\n{built.stderr[-2000:]}")
        report = []
        check(arguments.cvalue, program, layouts, report, arguments.quick)
        compared, members, mismatches, refused, unmatched = report[0]
        kinds = ", ".join(f"{count} {label}" for label, count in refused.most_common())
        print(f"corpus ({compiler} {dwarf} {level}): {compared} records compared ({members} members), "
              f"{len(mismatches)} mismatches, {sum(refused.values())} refused ({kinds}), {unmatched} unmatched")
        for name, problems in mismatches:
            failed = True
            print(f"  {name}: " + "; ".join(problems))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
