#!/usr/bin/env python3
"""Independent sanity check of layout vector files (ours or the shared ones).

    python3 Scripts/vectors/check.py FILE.jsonl [...]

For every vector: the schema keys; leaf offsets/bitfields inside the object and (for union-free types)
not overlapping; `encoding_named` minus its quoted names equals `encoding`; the leaf paths and encodings
re-derived from `encoding_named` (or, without it, the leaf encodings from `encoding`) match the leaves;
and every value's hex decodes back to the printed leaves with all other bytes zero. Standard library only.
"""
import json, math, re, struct, sys

KEYS = ["name", "corpus", "c_type", "c_definition", "encoding", "encoding_macosx", "size", "alignment",
        "flags", "naive_layout_ok", "leaves", "values"]
OPTIONAL = {"notes", "encoding_named"}


def expected_leaves(enc, named):
    """Yield (path, encoding, is_bitfield) for the leaves implied by an encoding (named or not)."""
    pos = 0

    def skip_type():
        nonlocal pos
        c = enc[pos]
        if c in "rnNoORVAj^":
            pos += 1
            return skip_type()
        if c in "{(":
            depth = 0
            while True:
                depth += enc[pos] in "{(["
                depth -= enc[pos] in "})]"
                pos += 1
                if depth == 0:
                    return
        if c == "[":
            m = re.compile(r"\[(\d+)").match(enc, pos)
            pos = m.end()
            skip_type()
            pos += 1
            return
        pos += 1

    def walk(path, out):
        nonlocal pos
        c = enc[pos]
        if c == "[":
            m = re.compile(r"\[(\d+)").match(enc, pos)
            start = m.end()
            for i in range(max(int(m.group(1)), 1)):
                pos = start
                walk("%s[%d]" % (path, i), out if int(m.group(1)) else [])
            pos += 1
        elif c in "{(":
            close = "}" if c == "{" else ")"
            pos = enc.index("=", pos) + 1
            while enc[pos] != close:
                name = None
                if enc[pos] == '"':
                    end = enc.index('"', pos + 1)
                    name, pos = enc[pos + 1:end], end + 1
                if enc[pos] == "b":
                    m = re.compile(r"b\d+(.)\d+").match(enc, pos)
                    if name or not named:
                        out.append((path + "." + (name or "?"), m.group(1), True))
                    pos = m.end()
                else:
                    walk(path + "." + name if name else path, out)
            pos += 1
        else:
            start = pos
            skip_type()
            out.append((path, enc[start:pos], False))

    out = []
    walk("", out)
    return out


def check_value(v, value, errors):
    """Decode one value's hex at every leaf and compare with the printed leaves; padding must be zero."""
    data = bytes.fromhex(value["hex"])
    if len(data) != v["size"]:
        errors.append("hex length %d != size" % len(data))
        return
    covered = 0
    whole = int.from_bytes(data, "little")
    for leaf, text in zip(v["leaves"], value["leaves"]):
        enc = leaf["encoding"].lstrip("rnNoORVA")
        bf = leaf.get("bitfield")
        if bf:
            lo, w = bf["bit_offset"], bf["bit_width"]
            x = whole >> lo & ((1 << w) - 1)
            if bf["signed"] and x >> (w - 1):
                x -= 1 << w
            covered |= ((1 << w) - 1) << lo
            got = [str(x)]
        else:
            off, size = leaf["offset"], leaf["size"]
            raw = data[off:off + size]
            n = 10 if enc == "D" else 20 if enc == "jD" else size
            covered |= ((1 << (8 * n)) - 1 if enc != "jD" else (1 << 80) - 1 | ((1 << 80) - 1) << 128) << (8 * off)
            u = int.from_bytes(raw, "little")
            if enc[0] in "cCsSiIlLqQBtT":
                got = [str(u), str(u - (1 << (8 * size)) if u >> (8 * size - 1) else u)]
            elif enc in ("f", "d"):
                got = [repr(struct.unpack("<" + enc, raw)[0])]
                text = repr(float(text))
            elif enc in ("jf", "jd"):
                half = size // 2
                parts = [struct.unpack("<" + enc[1], raw[i:i + half])[0] for i in (0, half)]
                got = [repr(tuple(parts))]
                text = repr(tuple(float(x) for x in text.strip("()").split(",")))
            elif enc[0] in "^*@#:":
                got = ["0x%x" % u]
            else:
                got = [text]  # long double: "skip value check"
        if text not in got:
            errors.append("value of %s: printed %s, bytes say %s" % (leaf["path"], text, got))
    if whole & ~covered:
        errors.append("non-zero padding in %s" % value["hex"])


def check_vector(v):
    """Return a list of problems with one vector."""
    errors = []
    if [k for k in v if k not in OPTIONAL] != KEYS or set(v) - set(KEYS) - OPTIONAL:
        errors.append("keys %s" % list(v))
    size, leaves = v["size"], v["leaves"]
    for leaf in leaves:
        bf = leaf.get("bitfield")
        if bf and not bf["bit_offset"] + bf["bit_width"] <= 8 * size:
            errors.append("bitfield %s outside object" % leaf["path"])
        if not bf and not (0 <= leaf["offset"] and leaf["offset"] + leaf["size"] <= size):
            errors.append("leaf %s outside object" % leaf["path"])
    if "union" not in v["flags"]:
        spans = sorted((l["bitfield"]["bit_offset"], l["bitfield"]["bit_width"]) if "bitfield" in l
                       else (8 * l["offset"], 8 * l["size"]) for l in leaves)
        for (a, n), (b, _) in zip(spans, spans[1:]):
            if a + n > b:
                errors.append("overlapping leaves at bit %d" % b)
    named = v.get("encoding_named")
    if named is not None and re.sub(r'"[^"]*"', "", named) != v["encoding"]:
        errors.append("encoding_named does not reduce to encoding")
    exp = expected_leaves(named if named is not None else v["encoding"], named is not None)
    if named is None:   # unnamed bitfields cannot be told apart: compare non-bitfield encodings only
        exp = [e for e in exp if not e[2]]
        got = [(l["encoding"],) for l in leaves if "bitfield" not in l]
        exp = [(e[1],) for e in exp]
    else:
        got = [(l["path"], l["encoding"]) for l in leaves]
        exp = [(e[0], e[1]) for e in exp]
    if got != exp:
        errors.append("leaves differ from the encoding: %s vs %s" % (got[:4], exp[:4]))
    for value in v["values"]:
        if len(value["leaves"]) != len(leaves) or len(value["leaves_a"]) != len(leaves):
            errors.append("value leaf count")
            continue
        check_value(v, value, errors)
    if "union" in v["flags"] and v["values"]:
        errors.append("union type with values")
    return errors


def main():
    bad = 0
    for path in sys.argv[1:]:
        names = set()
        for n, line in enumerate(open(path), 1):
            v = json.loads(line)
            errs = check_vector(v) + (["duplicate name"] if v["name"] in names else [])
            names.add(v["name"])
            for e in errs:
                print("%s:%d %s: %s" % (path, n, v["name"], e))
            bad += bool(errs)
        print("%s: %d vectors checked" % (path, len(names)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
