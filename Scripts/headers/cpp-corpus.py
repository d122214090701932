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
matched by dropping trailing arguments) and is not matched is counted as unmatched, never compared.

Usage: Scripts/headers/cpp-corpus.py [--cvalue PATH] [--builds g++:-gdwarf-4:-O0,...] [--keep DIR]

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
    """A name as both sides can be compared: no inline namespaces, `bool`, one spelling of `> >`."""
    name = re.sub(r"\b(std::)?__(cxx11|1)::", r"\1", name)
    name = name.replace("_Bool", "bool").replace("> >", ">>").replace("> >", ">>")
    name = re.sub(r"\s+", " ", name).strip()
    name = re.sub(r"\b(struct|class|union|enum) ", "", name)
    return name


def shortenings(name):
    """`name`, then with trailing template arguments of its last component dropped, one at a time."""
    yield name
    last = last_component(name)
    scope = name[:len(name) - len(last)]
    match = re.match(r"^([^<]*)<(.*)>$", last)
    if not match:
        return
    head, arguments = match.group(1), split_top(match.group(2))
    for keep in range(len(arguments) - 1, 0, -1):
        yield f"{scope}{head}<{', '.join(arguments[:keep])}>"


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


def check(cvalue, program, layouts, report):
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
    for record in imported["records"]:
        dwarf_name = record["name"]
        if "(anonymous" in dwarf_name and "(anonymous namespace)" not in dwarf_name or "(unnamed" in dwarf_name:
            continue
        key = next((k for k in shortenings(normalize(dwarf_name)) if k in layouts), None)
        if key is None:
            unmatched += 1
            continue
        expected = layouts[key]
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
    arguments = parser.parse_args()
    directory = arguments.keep or tempfile.mkdtemp(prefix="cpp-corpus-")
    os.makedirs(directory, exist_ok=True)
    path = source(directory)
    layouts = oracle(path, [])
    print(f"oracle: clang++ laid out {len(layouts)} named records")
    failed = False
    for build in arguments.builds.split(","):
        compiler, dwarf, level = build.split(":")
        program = os.path.join(directory, f"corpus_{compiler}{dwarf}{level}".replace("+", "x"))
        flags = ["-std=c++17", "-g", dwarf, level, "-fno-eliminate-unused-debug-types", "-pthread"]
        if compiler.startswith("clang"):
            flags.append("-fstandalone-debug")
        frameworks = []
        if os.path.exists(FRAMEWORKS["gtest/gtest.h"]):
            frameworks = ["-lgtest"]
        built = run([compiler, *flags, path, "-o", program, *frameworks])
        if built.returncode != 0:
            sys.exit(f"{compiler} could not build the corpus:\n{built.stderr[-2000:]}")
        report = []
        check(arguments.cvalue, program, layouts, report)
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
