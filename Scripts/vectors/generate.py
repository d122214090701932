#!/usr/bin/env python3
"""Generate CValueKit layout/value test vectors, using clang as the only layout oracle.

Run from anywhere:
    python3 Scripts/vectors/generate.py [--out DIR] [--clang PATH]
Needs: python3 (>= 3.8, standard library only) and clang with Objective-C support
(`@encode`) on PATH; x86_64 Linux + glibc for the "system" corpus. No libobjc is needed:
the programs only use @encode, sizeof, _Alignof and offsetof.
Inputs (next to this script): system.list (system types) and shapes.h (hand-written shapes).
Output: system.jsonl, shapes.jsonl and README.md in --out (default:
Tests/Fixtures/generated-vectors). Deterministic: fixed seeds, sorted order.

Pipeline, per corpus (each step is one compiled program holding every type of the corpus):
  0. @encode(T) with -fobjc-runtime=gcc (GNU bitfields b<off><type><width>) and =macosx, sizeof, _Alignof.
  1. The GNU encoding is parsed and walked in lockstep with clang's JSON AST (field names) to list
     the leaves; a program then prints each leaf's offset/size/@encode, probes bitfields at run
     time, and lays out a "mirror" struct built from the encoding alone (-> naive_layout_ok).
  2. Three seeded values per union-free type: set every leaf, dump the bytes, read the leaves back.
"""
import argparse, json, math, os, random, re, struct, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(REPO, "Tests", "Fixtures", "generated-vectors")
UNION_NOTE = "contains a union: leaves overlap, no values generated"
SKIP = "skip value check"
QUALIFIERS = "rnNoORV"
MIRROR_C = {"c": "signed char", "C": "unsigned char", "s": "short", "S": "unsigned short",
            "i": "int", "I": "unsigned int", "l": "int", "L": "unsigned int", "q": "long long",
            "Q": "unsigned long long", "f": "float", "d": "double", "D": "long double",
            "B": "_Bool", "t": "__int128", "T": "unsigned __int128", "*": "char *"}


class Skip(Exception):
    """A type that cannot be vectorised; the message says why."""


# ---------------------------------------------------------------- type lists

def load_types():
    """Return [(corpus, name, c_type, c_definition)] from system.list and shapes.h, plus preludes."""
    types, headers = [], []
    for line in open(os.path.join(HERE, "system.list")):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, c_type, hdrs = [x.strip() for x in line.split("|")]
        hdrs = hdrs.split()
        headers += [h for h in hdrs if h not in headers]
        defn = "#define _GNU_SOURCE\n" + "".join("#include <%s>\n" % h for h in hdrs)
        types.append(("system", name, c_type, defn))
    sys_prelude = "#define _GNU_SOURCE\n" + "".join("#include <%s>\n" % h for h in headers)
    text = open(os.path.join(HERE, "shapes.h")).read()
    blocks, order = {}, []
    for m in re.finditer(r"^//== (.*)\n((?:(?!//==).*\n)*)", text, re.M):
        parts = [p.strip() for p in m.group(1).split("|")]
        body = re.sub(r"(?m)^/\*.*\*/\n", "", m.group(2)).strip("\n")
        blocks[parts[0]] = (parts, body + "\n" if body else "")
        order.append(parts[0])
    def with_deps(name, seen):
        """Definitions of name's dependencies (transitively, each once), then its own."""
        parts, body = blocks[name]
        text = ""
        for d in (parts[2].split() if len(parts) > 2 else []):
            if d not in seen:
                seen.add(d)
                text += with_deps(d, seen)
        return text + body

    for name in order[1:]:
        parts, defn = blocks[name][0], with_deps(name, {name})
        if re.search(r"\bu?int\d+_t\b", defn):
            defn = "#include <stdint.h>\n" + defn
        types.append(("shapes", name, parts[1], defn))
    preludes = {"system": sys_prelude, "shapes": text}
    return types, preludes


# ---------------------------------------------------------------- clang helpers

def run(cmd, **kw):
    """Run a command, returning CompletedProcess (text mode)."""
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def compile_and_run(clang, src, runtime, tmp):
    """Compile an Objective-C source with the given runtime flag and run it. Returns (ok, output)."""
    fd, path = tempfile.mkstemp(suffix=".m", dir=tmp)
    with os.fdopen(fd, "w") as f:
        f.write(src)
    exe = path[:-2]
    cp = run([clang, "-w", "-O0", "-x", "objective-c", "-fobjc-runtime=" + runtime, path, "-o", exe])
    if cp.returncode != 0:
        return False, cp.stderr
    cp = run([exe], timeout=120)
    if cp.returncode != 0:
        return False, "program failed: %d %s" % (cp.returncode, cp.stderr)
    return True, cp.stdout


HELPERS = r"""
#include <stdio.h>
#include <string.h>
#include <stdint.h>
static void pu128(unsigned __int128 v) { char b[48]; int n = 47; b[n] = 0;
  do { b[--n] = '0' + (int)(v % 10); v /= 10; } while (v); fputs(b + n, stdout); }
static void p128(__int128 v) { if (v < 0) { putchar('-'); pu128(-(unsigned __int128)v); } else pu128(v); }
static void hexdump(const void *p, size_t n) { const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) printf("%02x", b[i]); }
"""


def batch(clang, prelude, snippets, runtime, tmp, skipped):
    """Compile {key: function body} into one program (falling back to one program per key when the
    batch fails); returns {key: [output lines]}. Keys whose snippet does not compile go to skipped."""
    def program(items):
        fns = "".join("static void t%d(void) {\n%s\n}\n" % (k, body) for k, body in items)
        calls = "".join('  printf("@@\\t%d\\n"); t%d(); fflush(stdout);\n' % (k, k) for k, _ in items)
        return prelude + HELPERS + fns + "int main(void) {\n" + calls + "  return 0;\n}\n"

    def split(out):
        res, cur = {}, None
        for line in out.splitlines():
            if line.startswith("@@\t"):
                cur = int(line[3:]); res[cur] = []
            else:
                res[cur].append(line)
        return res

    items = sorted(snippets.items())
    ok, out = compile_and_run(clang, program(items), runtime, tmp)
    if ok:
        return split(out)
    res = {}
    for k, body in items:
        ok, out = compile_and_run(clang, program([(k, body)]), runtime, tmp)
        if ok:
            res.update(split(out))
        else:
            err = [l for l in out.splitlines() if "error" in l] or [out.strip()]
            skipped[k] = "does not compile/run: " + err[0].split("error: ")[-1][:160]
    return res


# ---------------------------------------------------------------- AST index

class Ast:
    """Index of clang's JSON AST: record definitions by id and tag name, typedefs by id and name."""

    def __init__(self, clang, source, tmp):
        path = os.path.join(tmp, "ast.h")
        open(path, "w").write(source)
        cp = run([clang, "-Xclang", "-ast-dump=json", "-fsyntax-only", "-x", "c", path])
        if cp.returncode != 0:
            sys.exit("clang AST dump failed:\n" + cp.stderr)
        self.by_id, self.tags, self.typedefs = {}, {}, {}
        stack = [json.loads(cp.stdout)]
        while stack:
            n = stack.pop()
            self.by_id[n.get("id")] = n
            if n.get("kind") == "RecordDecl" and n.get("completeDefinition") and n.get("name"):
                self.tags[(n["tagUsed"], n["name"])] = n
            elif n.get("kind") == "TypedefDecl":
                self.typedefs[n["name"]] = n
            stack.extend(reversed(n.get("inner", [])))

    def complete(self, rec):
        """The defining RecordDecl for a (possibly forward) declaration."""
        if rec.get("completeDefinition") or not rec.get("name"):
            return rec
        return self.tags.get((rec["tagUsed"], rec["name"]))

    def typedef_target(self, td):
        """Follow a typedef (through arrays and typedef chains) to the RecordDecl it names, if any."""
        stack = list(td.get("inner", []))
        while stack:
            n = stack.pop(0)
            d = n.get("decl")
            if d and d["id"] not in self.by_id:
                return None     # implicit decl the JSON dump leaves out (__va_list_tag): not walkable
            if d and d.get("kind") == "RecordDecl":
                return self.complete(self.by_id[d["id"]])
            if d and d.get("kind") == "TypedefDecl":
                return self.typedef_target(self.by_id[d["id"]])
            stack = n.get("inner", []) + stack
        return None

    def resolve(self, type_str, alias_id=None, prev_record=None):
        """Map a C type spelling (qualifiers and array suffixes allowed) to its RecordDecl."""
        if alias_id and alias_id in self.by_id:
            return self.typedef_target(self.by_id[alias_id])
        s = re.sub(r"\b(const|volatile|restrict|_Atomic)\b", "", type_str)
        s = re.sub(r"(\[\d*\])+\s*$", "", s).strip()
        if "(unnamed" in s or "(anonymous" in s:
            return prev_record
        m = re.match(r"^(struct|union)\s+(\w+)$", s)
        if m:
            return self.tags.get((m.group(1), m.group(2)))
        if s in self.typedefs:
            return self.typedef_target(self.typedefs[s])
        return None


# ---------------------------------------------------------------- encodings

def parse_encoding(s, i=0):
    """Parse one GNU-runtime type encoding starting at s[i]. Returns (node, next index).
    Nodes: ('scalar', text) | ('array', text, n, elem) | ('record', text, '{'/'(', name, fields|None)
    | ('bitfield', text, bit offset, type char, width)."""
    start, c = i, s[i]
    if c in QUALIFIERS + "Aj":
        inner, j = parse_encoding(s, i + 1)
        if inner[0] != "scalar":
            raise Skip("qualified/atomic/complex aggregate %r is not expanded by clang" % s[i:j])
        return ("scalar", s[start:j]), j
    if c == "^":
        _, j = parse_encoding(s, i + 1)
        return ("scalar", s[start:j]), j
    if c == "[":
        m = re.compile(r"\d+").match(s, i + 1)
        elem, j = parse_encoding(s, m.end())
        assert s[j] == "]", s
        return ("array", s[start:j + 1], int(m.group()), elem), j + 1
    if c in "{(":
        close = "}" if c == "{" else ")"
        j = i + 1
        while s[j] not in "=" + close:
            j += 1
        name, fields = s[i + 1:j], None
        if s[j] == "=":
            fields, j = [], j + 1
            while s[j] != close:
                f, j = parse_encoding(s, j)
                fields.append(f)
        return ("record", s[start:j + 1], c, name, fields), j + 1
    if c == "b":
        m = re.compile(r"(\d+)(.)(\d+)").match(s, i + 1)
        return ("bitfield", s[start:m.end()], int(m.group(1)), m.group(2), int(m.group(3))), m.end()
    if c == "@" and s[i + 1:i + 2] == "?":
        return ("scalar", "@?"), i + 2
    if c in "cCsSiIlLqQfdDBvtT*@#:?":
        return ("scalar", c), i + 1
    raise Skip("cannot parse encoding at %r" % s[i:])


def mirror_decl(node, declarator):
    """C declaration of a struct laid out only from the encoding (no attributes), for naive_layout_ok."""
    if node[0] == "array":
        return mirror_decl(node[3], "%s[%d]" % (declarator, node[2]))
    if node[0] == "record":
        kw = "struct" if node[2] == "{" else "union"
        body = "".join(mirror_decl(f, "f%d" % k) + "; " for k, f in enumerate(node[4]))
        return "%s { %s} %s" % (kw, body, declarator)
    text = node[1].lstrip(QUALIFIERS + "A")
    if text[0] == "j":
        return "_Complex %s %s" % (MIRROR_C[text[1]], declarator)
    if text[0] in "^@#:":
        return "void *" + declarator
    return "%s %s" % (MIRROR_C[text[0]], declarator)


class Walk:
    """Walk a parsed encoding with the AST: collects leaves, flags and the named encoding."""

    def __init__(self, ast):
        self.ast, self.leaves, self.flags, self.named_ok = ast, [], set(), True

    def node(self, node, rec, path, mpath, sink):
        """Visit node (record decl rec if it is a record or array of records); returns named text."""
        kind = node[0]
        if kind == "scalar":
            if "=" in node[1]:
                self.named_ok = False        # pointer to an expanded record (top level only)
            sink.append({"path": path, "mpath": mpath, "enc": node[1], "bf": None})
            return node[1]
        if kind == "array":
            n, named = node[2], None
            for i in range(max(n, 1)):
                named = self.node(node[3], rec, "%s[%d]" % (path, i), "%s[%d]" % (mpath, i),
                                  sink if n else [])
            return "[%d%s]" % (n, named)
        if kind == "bitfield":
            raise Skip("bare bitfield")
        return self.record(node, rec, path, mpath, sink)

    def record(self, node, rec, path, mpath, sink):
        """Visit a record node field by field, in lockstep with the RecordDecl's FieldDecls."""
        _, text, opener, name, fields = node
        if fields is None:
            raise Skip("record %s without a body in the value tree" % text)
        if rec is None:
            raise Skip("no AST record for %s" % text)
        if opener == "(":
            self.flags.add("union")
        if name != "?" and rec.get("name") not in (None, "", name):
            raise Skip("AST record %r does not match encoding %s" % (rec.get("name"), name))
        inner = rec.get("inner", [])
        decls = [d for d in inner if d["kind"] == "FieldDecl"]
        if len(decls) != len(fields):
            raise Skip("%s: %d fields in the AST but %d in the encoding (vector member?)"
                       % (text[:40], len(decls), len(fields)))
        parts, prev, k = [], None, 0
        for d in inner:
            if d["kind"] == "RecordDecl":
                prev = d
            if d["kind"] != "FieldDecl":
                continue
            f, fname, k = fields[k], d.get("name"), k + 1
            mp = "%s.f%d" % (mpath, k - 1)
            if f[0] == "bitfield":
                self.flags.add("bitfield")
                if fname:
                    sink.append({"path": path + "." + fname, "mpath": None, "enc": f[3], "bf": f})
                parts.append(('"%s"' % fname if fname else "") + f[1])
                continue
            elem = f
            while elem[0] == "array":
                elem = elem[3]
            child = None
            if elem[0] == "record":
                t = d["type"]
                child = self.ast.resolve(t.get("qualType", ""), t.get("typeAliasDeclId"), prev)
            if not fname:
                self.flags.add("anonymous_member")
                parts.append(self.node(f, child, path, mp, sink))
            else:
                parts.append('"%s"' % fname + self.node(f, child, path + "." + fname, mp, sink))
        close = "}" if opener == "{" else ")"
        return "%s%s=%s%s" % (opener, name, "".join(parts), close)


def leaf_kind(enc):
    """Classify a leaf encoding: int, bool, int128, float, double, ldouble, complex-X, ptr."""
    e = enc.lstrip(QUALIFIERS + "A")
    c = e[0]
    if c in "cCsSiIlLqQ":
        return "int"
    if c == "B":
        return "bool"
    if c in "tT":
        return "int128"
    if c in "fdD":
        return {"f": "float", "d": "double", "D": "ldouble"}[c]
    if c == "j" and e[1] in "fdD":
        return "complex-" + e[1]
    if c in "^*@#:":
        return "ptr"
    raise Skip("unsupported leaf encoding %r" % enc)


# ---------------------------------------------------------------- C snippets

def access(path):
    """C lvalue for a leaf path on object `o`."""
    return "o" + path if path else "o"


def layout_snippet(t):
    """Phase-1 body: mirror layout, then one line per leaf (offset, size, @encode, signedness)."""
    lines = ["typedef __typeof__(%s) VT; VT o; (void)o;" % t["c_type"]]
    if t["mirror"]:
        lines.append("typedef %s; M m; (void)m;" % mirror_decl(t["tree"], "M"))
        lines.append('printf("M\\t%zu\\t%zu\\n", sizeof(M), _Alignof(M));')
    for leaf in t["leaves"]:
        a = access(leaf["path"])
        if leaf["bf"]:
            lines.append("{ memset(&o, 0, sizeof o); %s = -1; const unsigned char *b = (const void *)&o;"
                         " long first = -1, last = -1, count = 0;"
                         " for (size_t i = 0; i < sizeof o * 8; i++) if (b[i / 8] >> (i %% 8) & 1)"
                         " { if (first < 0) first = i; last = i; count++; }"
                         ' printf("B\\t%%ld\\t%%ld\\t%%d\\t%%d\\n", first, count, last - first + 1 == count,'
                         " %s < 0); }" % (a, a))
            continue
        if leaf["path"].startswith("."):
            off = "__builtin_offsetof(VT, %s)" % leaf["path"][1:]
        else:
            off = "(size_t)((char *)&%s - (char *)&o)" % a
        signed = "(__typeof_unqual__(%s))-1 < 0" % a if leaf_kind(leaf["enc"]) == "int" else "0"
        moff = "(size_t)((char *)&m%s - (char *)&m)" % leaf["mpath"] if t["mirror"] else "(size_t)0"
        lines.append('printf("L\\t%%zu\\t%%zu\\t%%s\\t%%d\\t%%zu\\n", %s, sizeof(%s), @encode(__typeof__(%s)), %s, %s);'
                     % (off, a, a, signed, moff))
    return "\n".join(lines)


def int_literal(v, bits, signed):
    """C expression for integer v of the given width (<= 128 bits)."""
    if bits > 64:
        u = v & ((1 << 128) - 1)
        e = "(((unsigned __int128)0x%xULL << 64) | 0x%xULL)" % (u >> 64, u & ((1 << 64) - 1))
        return "(__int128)" + e if signed else e
    if signed:
        return "(-9223372036854775807LL-1)" if v == -(1 << 63) else "%dLL" % v
    return "%dULL" % v


def float_literal(x, suffix):
    """Exact C literal for a Python float (hex float; infinities via builtins)."""
    if math.isinf(x):
        return ("-" if x < 0 else "") + ("__builtin_inff()" if suffix == "f" else "__builtin_inf()")
    return x.hex() + suffix


def random_int(rng, bits, signed):
    """Seeded integer with a bias towards edge values."""
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    r = rng.random()
    if r < 0.1: v = 0
    elif r < 0.18: v = 1
    elif r < 0.26: v = -1 if signed else hi
    elif r < 0.32: v = lo
    elif r < 0.38: v = hi
    elif r < 0.68: v = rng.randint(-200, 255)
    else: v = rng.randint(lo, hi)
    return min(max(v, lo), hi)


def random_real(rng, single):
    """Seeded finite-or-infinite float/double (never NaN); float values are exact binary32."""
    r = rng.random()
    if r < 0.08: x = rng.choice([0.0, -0.0, 1.0, -1.0])
    elif r < 0.14: x = rng.choice([math.inf, -math.inf])
    elif r < 0.18: x = rng.choice([1.401298464324817e-45, -2.0 ** -149]) if single else rng.choice([5e-324, 2.0 ** -1023])
    elif r < 0.55: x = rng.randint(-2 ** 20, 2 ** 20) / 2.0 ** rng.randint(0, 12)
    else: x = math.ldexp(rng.random() * rng.choice([-1, 1]), rng.randint(-60, 100) if single else rng.randint(-300, 300))
    if single and not math.isinf(x):
        x = struct.unpack("f", struct.pack("f", x))[0]
    return x


def value_snippet(t, seed):
    """Phase-2 body for one value: zero, assign every leaf, dump bytes, print leaves back."""
    rng = random.Random(seed)
    lines = ["{ typedef __typeof__(%s) VT; VT o; memset(&o, 0, sizeof o);" % t["c_type"]]
    reads = []
    for leaf in t["leaves"]:
        a, kind = access(leaf["path"]), leaf["kind"]
        if kind in ("int", "int128"):
            bits = leaf["bits"]
            rhs = int_literal(random_int(rng, bits, leaf["signed"]), bits, leaf["signed"])
        elif kind == "bool":
            rhs = str(rng.randint(0, 1))
        elif kind in ("float", "double"):
            rhs = float_literal(random_real(rng, kind == "float"), "f" if kind == "float" else "")
        elif kind == "ldouble":
            rhs = "%s0x1.%015xp%+dL" % (rng.choice("-+"), rng.getrandbits(60), rng.randint(-200, 200))
        elif kind == "ptr":
            p = rng.choice([0, (1 << 64) - 1, 0x7F0000000000 | rng.getrandbits(40) << 3 & 0xFFFFFFFFF8,
                            rng.getrandbits(64)])
            rhs = "(__typeof__(%s))(uintptr_t)0x%xULL" % (a, p)
        else:  # complex
            sub = kind[-1]
            if sub == "D":
                rhs = "__builtin_complex(%s0x1.%015xp%+dL, 0x1.%015xp%+dL)" % (
                    rng.choice("-+"), rng.getrandbits(60), rng.randint(-50, 50), rng.getrandbits(60), rng.randint(-50, 50))
            else:
                suf = "f" if sub == "f" else ""
                rhs = "__builtin_complex(%s, %s)" % (float_literal(random_real(rng, sub == "f"), suf),
                                                      float_literal(random_real(rng, sub == "f"), suf))
        lines.append("%s = %s;" % (a, rhs))
        if kind in ("int", "bool"):
            reads.append('if (%s < 0) printf("%%lld", (long long)(%s)); else printf("%%llu", (unsigned long long)(%s)); printf("\\t-\\n");' % (a, a, a))
        elif kind == "int128":
            reads.append('%s(%s); printf("\\t-\\n");' % ("p128" if leaf["signed"] else "pu128", a))
        elif kind in ("float", "double"):
            reads.append('printf("%%.17g\\t%%a\\n", (double)(%s), (double)(%s));' % (a, a))
        elif kind == "ptr":
            reads.append('printf("0x%%llx\\t-\\n", (unsigned long long)(uintptr_t)(%s));' % a)
        elif kind in ("complex-f", "complex-d"):
            reads.append('printf("(%%.17g,%%.17g)\\t(%%a,%%a)\\n", (double)__real__(%s), (double)__imag__(%s),'
                         ' (double)__real__(%s), (double)__imag__(%s));' % (a, a, a, a))
        else:
            reads.append('printf("%s\\t%s\\n");' % (SKIP, SKIP))
    lines.append('printf("H\\t"); hexdump(&o, sizeof o); printf("\\n");')
    return "\n".join(lines + reads + ["}"])


# ---------------------------------------------------------------- driver

def analyse(t, ast):
    """Parse the GNU encoding of t and walk it with the AST: leaves, flags, named encoding, mirror."""
    tree, end = parse_encoding(t["encoding"])
    if end != len(t["encoding"]):
        raise Skip("trailing encoding text")
    w = Walk(ast)
    elem = tree
    while elem[0] == "array":
        elem = elem[3]
    rec = ast.resolve(t["c_type"]) if elem[0] == "record" else None
    named = w.node(tree, rec, "", "", w.leaves)
    for leaf in w.leaves:
        leaf["kind"] = "bool" if leaf["bf"] and leaf["enc"] == "B" else leaf_kind(leaf["enc"])
    flags = w.flags | ({"top_level_array"} if tree[0] == "array" else set()) \
        | ({"top_level_leaf"} if tree[0] == "scalar" else set())
    order = ["union", "bitfield", "anonymous_member", "top_level_array", "top_level_leaf"]
    t.update(tree=tree, leaves=w.leaves, flags=[f for f in order if f in flags],
             named=named if w.named_ok else None, mirror="bitfield" not in flags)


def apply_layout(t, lines):
    """Attach phase-1 results (offsets, sizes, standalone encodings, bitfield probes) to t's leaves."""
    if t["mirror"]:
        msize, malign = map(int, lines.pop(0).split("\t")[1:])
        naive = msize == t["size"] and malign == t["alignment"]
    if len(lines) != len(t["leaves"]):
        raise Skip("leaf count mismatch in layout program")
    for leaf, line in zip(t["leaves"], lines):
        f = line.split("\t")
        if f[0] == "B":
            first, count, contiguous, signed = map(int, f[1:])
            if not contiguous or count != leaf["bf"][4]:
                raise Skip("bitfield probe of %s disagrees with the encoding" % leaf["path"])
            leaf.update(offset=None, size=None, signed=bool(signed), bits=count,
                        bitfield={"bit_offset": first, "bit_width": count, "signed": bool(signed)})
            if leaf["enc"] == "i" and not signed:
                leaf["note"] = "bit-field is unsigned in C but its declared type encodes as 'i'"
            continue
        off, size, standalone, signed, moff = int(f[1]), int(f[2]), f[3], bool(int(f[4])), int(f[5])
        leaf.update(offset=off, size=size, standalone=standalone, signed=signed, bits=size * 8)
        if leaf["kind"] == "int128":
            leaf["signed"] = leaf["enc"].lstrip("A") == "t"
        if leaf["enc"].lstrip("A") == "i" and (not signed or size != 4):
            ctype = ("" if signed else "unsigned ") + ("int" if size == 4 else "long")
            leaf["note"] = "C type is %s but encoding is 'i'" % ctype if size == 4 else \
                "C type is %s and size is %d but encoding is 'i'" % (ctype, size)
        if t["mirror"] and moff != off:
            naive = False
    t["naive"] = None if not t["mirror"] else naive


def leaf_json(leaf):
    """Leaf object in the shared vectors' key order."""
    d = {"path": leaf["path"], "offset": leaf["offset"], "size": leaf["size"], "encoding": leaf["enc"]}
    if not leaf["bf"] and leaf["standalone"] != leaf["enc"]:
        d["encoding_standalone"] = leaf["standalone"]
    if leaf["bf"]:
        d["bitfield"] = leaf["bitfield"]
    if "note" in leaf:
        d["note"] = leaf["note"]
    return d


def vector_json(t):
    """The full vector object (shared schema + encoding_named)."""
    d = {"name": t["name"], "corpus": t["corpus"], "c_type": t["c_type"], "c_definition": t["c_definition"],
         "encoding": t["encoding"], "encoding_macosx": t["encoding_macosx"]}
    if t["named"] is not None:
        d["encoding_named"] = t["named"]
    d.update(size=t["size"], alignment=t["alignment"], flags=t["flags"], naive_layout_ok=t["naive"],
             leaves=[leaf_json(l) for l in t["leaves"]], values=t.get("values", []))
    if "union" in t["flags"]:
        d["notes"] = [UNION_NOTE]
    return d


def parse_values(t, lines):
    """Turn phase-2 output (H line + one line per leaf, three times) into value objects."""
    values, n = [], len(t["leaves"])
    for v in range(3):
        chunk = lines[v * (n + 1):(v + 1) * (n + 1)]
        if len(chunk) != n + 1 or not chunk[0].startswith("H\t"):
            raise Skip("bad value output")
        pairs = [line.split("\t") for line in chunk[1:]]
        values.append({"hex": chunk[0][2:], "leaves": [p[0] for p in pairs],
                       "leaves_a": [None if p[1] == "-" else p[1] for p in pairs]})
    return values


def generate_corpus(clang, corpus, types, prelude, tmp):
    """Run the three phases for one corpus; returns (vectors, {name: reason})."""
    skipped, ts = {}, {k: t for k, t in enumerate(types)}
    ast = Ast(clang, prelude, tmp)
    enc_body = ('typedef __typeof__(%s) VT;\nprintf("%%s\\t%%zu\\t%%zu\\n", @encode(VT), sizeof(VT), _Alignof(VT));')
    snippets = {k: enc_body % t["c_type"] for k, t in ts.items()}
    gnu = batch(clang, prelude, snippets, "gcc", tmp, skipped)
    mac = batch(clang, prelude, snippets, "macosx", tmp, skipped)
    for k, t in ts.items():
        if k in skipped:
            continue
        try:
            t["encoding"], size, align = gnu[k][0].split("\t")
            t["encoding_macosx"] = mac[k][0].split("\t")[0]
            t["size"], t["alignment"] = int(size), int(align)
            analyse(t, ast)
        except Skip as e:
            skipped[k] = str(e)
    live = {k: t for k, t in ts.items() if k not in skipped}
    # glibc spells some members as macros (sa_handler -> __sigaction_handler.sa_handler, si_pid, ...);
    # the paths use the real member names, so undefine every path component for the leaf programs.
    names = sorted({n for t in live.values() for l in t["leaves"] for n in re.findall(r"\.(\w+)", l["path"])})
    prelude += "".join("#ifdef %s\n#undef %s\n#endif\n" % (n, n) for n in names)
    out = batch(clang, prelude, {k: layout_snippet(t) for k, t in live.items()}, "gcc", tmp, skipped)
    for k, t in list(live.items()):
        try:
            apply_layout(t, out[k])
        except (Skip, KeyError) as e:
            skipped.setdefault(k, str(e))
            del live[k]
    valued = {k: t for k, t in live.items() if "union" not in t["flags"]}
    snippets = {k: "\n".join(value_snippet(t, "%s/%s/%d" % (corpus, t["name"], v)) for v in range(3))
                for k, t in valued.items()}
    out = batch(clang, prelude, snippets, "gcc", tmp, skipped)
    for k, t in valued.items():
        try:
            t["values"] = parse_values(t, out[k])
        except (Skip, KeyError) as e:
            skipped.setdefault(k, str(e))
    vectors = [vector_json(t) for k, t in sorted(ts.items()) if k not in skipped]
    return vectors, {ts[k]["name"]: why for k, why in sorted(skipped.items())}


README = """# Generated C layout vectors (clang as the oracle)

Made by `Scripts/vectors/generate.py` (clang {clang_version}, x86_64 Linux, glibc); same JSON schema as
`../shared-vectors/` (see its README: encodings, size/alignment, leaves with offsets/bitfields, seeded values).
- `system.jsonl`: {n_system} real glibc/Linux structs, unions and typedefs (`Scripts/vectors/system.list`).
- `shapes.jsonl`: {n_shapes} hand-written shapes: CoreGraphics-like, libffi testsuite, packing, bitfields
  (`Scripts/vectors/shapes.h`).
Extra key `encoding_named`: the GNU `encoding` with each member's C name quoted before its type, ivar style
(`{{CGRect="origin"{{CGPoint="x"d"y"d}}"size"{{CGSize="width"d"height"d}}}}`); anonymous struct/union members and
unnamed bitfields get no name. It is omitted when the members could not be named reliably.
Skipped by the generator: {skipped}. Left out on purpose: `FILE` (opaque), vector types (clang encodes a
`vector_size`/`ext_vector_type` member as nothing at all), `_Atomic struct` members (encoded `A{{Name}}`, no body).
Check: `python3 Scripts/vectors/check.py Tests/Fixtures/generated-vectors/*.jsonl`.
Regenerate (deterministic): `python3 Scripts/vectors/generate.py` from the repository root.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    ap.add_argument("--clang", default="clang", help="clang executable")
    args = ap.parse_args()
    types, preludes = load_types()
    os.makedirs(args.out, exist_ok=True)
    counts, all_skipped = {}, {}
    with tempfile.TemporaryDirectory(prefix="cvk-vectors-") as tmp:
        for corpus in ("system", "shapes"):
            ts = [dict(corpus=c, name=n, c_type=ct, c_definition=d) for c, n, ct, d in types if c == corpus]
            vectors, skipped = generate_corpus(args.clang, corpus, ts, preludes[corpus], tmp)
            path = os.path.join(args.out, corpus + ".jsonl")
            with open(path, "w") as f:
                for v in vectors:
                    f.write(json.dumps(v) + "\n")
            counts[corpus] = len(vectors)
            print("wrote %s (%d vectors)" % (path, len(vectors)))
            for name, why in skipped.items():
                print("  skipped %s: %s" % (name, why))
                all_skipped[name] = why
    version = re.search(r"version (\S+)", run([args.clang, "--version"]).stdout)
    text = README.format(clang_version=version.group(1) if version else "?", n_system=counts["system"],
                         n_shapes=counts["shapes"],
                         skipped=", ".join("`%s` (%s)" % kv for kv in all_skipped.items()) or "none")
    path = os.path.join(args.out, "README.md")
    open(path, "w").write(text)
    print("wrote %s" % path)


if __name__ == "__main__":
    main()
