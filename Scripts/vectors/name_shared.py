#!/usr/bin/env python3
"""Add `encoding_named` to the shared vectors, reusing generate.py's AST/encoding walk.

Run from anywhere:
    python3 Scripts/vectors/name_shared.py [--src DIR] [--out DIR] [--clang PATH]
Reads bitfields.jsonl, quirks.jsonl, random.jsonl (sorted by file name) from --src (default:
Tests/Fixtures/shared-vectors) and writes named.jsonl to --out (default:
Tests/Fixtures/shared-vectors-named): one line per vector, in input order,
{"corpus", "name", "encoding", "encoding_named"} or, when the members cannot be named reliably,
{"corpus", "name", "encoding", "encoding_named": null, "reason"}.

Per vector: clang's JSON AST of its c_definition (generate.Ast), today's GNU @encode(c_type)
(generate.batch; a different encoding is refused), then generate.analyse walks the
vector's encoding with the AST. The result is kept only if it reduces to `encoding` with its quoted
names removed and the leaf paths it implies (check.expected_leaves) equal the vector's leaves[].path.
Finally every named line is re-checked with check.check_vector on the vector merged with it.
Deterministic: no randomness, input order, fixed JSON formatting.
"""
import argparse, glob, json, os, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402
import generate as g  # noqa: E402

DEFAULT_SRC = os.path.join(g.REPO, "Tests", "Fixtures", "shared-vectors")
DEFAULT_OUT = os.path.join(g.REPO, "Tests", "Fixtures", "shared-vectors-named")
NOT_EXPANDED = "top-level pointer to a record: the record is expanded but its members are not named"


def strip_names(named):
    """The encoding with every quoted member name removed."""
    return re.sub(r'"[^"]*"', "", named)


def name_vector(clang, v, tmp):
    """Return (encoding_named, None) or (None, reason) for one shared vector."""
    try:
        ast = g.Ast(clang, v["c_definition"], tmp)
    except SystemExit as e:      # Ast exits on a failed AST dump; here that only refuses this vector
        err = [l for l in str(e.code).splitlines() if "error: " in l] or [str(e.code).strip()]
        return None, "clang AST dump failed: " + err[0].split("error: ")[-1][:160]
    skipped = {}
    # @encode of the spelling itself: going through __typeof__ would drop a top-level `r` (const char *)
    out = g.batch(clang, v["c_definition"], {0: 'printf("%%s\\n", @encode(%s));' % v["c_type"]}, "gcc", tmp, skipped)
    if 0 in skipped:
        return None, skipped[0]
    today = out[0][0]
    if today != v["encoding"]:
        return None, "clang today encodes %s as %s, not %s" % (v["c_type"], today, v["encoding"])
    t = {"encoding": v["encoding"], "c_type": v["c_type"]}
    try:
        g.analyse(t, ast)
    except g.Skip as e:
        return None, str(e)
    named = t["named"]
    if named is None:
        return None, NOT_EXPANDED
    if strip_names(named) != v["encoding"]:
        return None, "named encoding %s does not reduce to the encoding" % named
    paths = [p for p, _, _ in check.expected_leaves(named, True)]
    want = [leaf["path"] for leaf in v["leaves"]]
    if paths != want:
        diff = next((i for i, (a, b) in enumerate(zip(paths, want)) if a != b), min(len(paths), len(want)))
        return None, "leaf paths from the names disagree with leaves[].path at #%d: %s vs %s" % (
            diff, paths[diff] if diff < len(paths) else "(end)", want[diff] if diff < len(want) else "(end)")
    return named, None


README = """# Shared vectors with member names (`encoding_named`)

`named.jsonl`: one line per vector of `../shared-vectors/` ({files}, in that order, lines in file order):
`corpus`, `name`, `encoding` (copied) and `encoding_named`, the GNU encoding with each member's C name quoted before
its type, ivar style (`{{P="x"d"y"d}}`; anonymous members and unnamed bitfields get no name). {n_named} of {n_all} are
named; the other {n_null} have `"encoding_named": null` and a `reason` (refused rather than guessed).
Made by `Scripts/vectors/name_shared.py` (clang {clang_version}): generate.py's AST walk over each vector's
`c_definition`; kept only if the names stripped give `encoding` back and the leaf paths they imply equal `leaves[].path`.
Regenerate (deterministic) from the repository root: `python3 Scripts/vectors/name_shared.py`.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=DEFAULT_SRC, help="shared vectors folder (default: %(default)s)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    ap.add_argument("--clang", default="clang", help="clang executable")
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(args.src, "*.jsonl")))
    lines, nulls, recheck = [], [], []
    with tempfile.TemporaryDirectory(prefix="cvk-named-") as tmp:
        for path in files:
            for text in open(path):
                v = json.loads(text)
                named, reason = name_vector(args.clang, v, tmp)
                d = {"corpus": v["corpus"], "name": v["name"], "encoding": v["encoding"], "encoding_named": named}
                if named is None:
                    d["reason"] = reason
                    nulls.append((v["name"], reason))
                else:    # independent re-check of the whole vector with the names added
                    before = check.check_vector(v)
                    new = [e for e in check.check_vector(dict(v, encoding_named=named)) if e not in before]
                    recheck += ["%s: %s" % (v["name"], e) for e in new]
                lines.append(json.dumps(d) + "\n")
    os.makedirs(args.out, exist_ok=True)
    out = os.path.join(args.out, "named.jsonl")
    with open(out, "w") as f:
        f.writelines(lines)
    version = re.search(r"version (\S+)", g.run([args.clang, "--version"]).stdout)
    readme = README.format(files=", ".join("`%s`" % os.path.basename(p) for p in files),
                           n_named=len(lines) - len(nulls), n_all=len(lines), n_null=len(nulls),
                           clang_version=version.group(1) if version else "?")
    with open(os.path.join(args.out, "README.md"), "w") as f:
        f.write(readme)
    print("wrote %s: %d vectors, %d named, %d null" % (out, len(lines), len(lines) - len(nulls), len(nulls)))
    for name, reason in nulls:
        print("  null %s: %s" % (name, reason))
    print("check.check_vector on the named vectors: %s" % ("%d new problems" % len(recheck) if recheck else "OK"))
    for e in recheck:
        print("  " + e)
    sys.exit(1 if recheck else 0)


if __name__ == "__main__":
    main()
