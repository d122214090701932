#!/usr/bin/env python3
"""Regenerates the committed seed corpora in Fuzz/corpus/ from the layout vectors in Tests/Fixtures and the repository's tests.

    Fuzz/make-corpus.py [--vectors DIR] [--cvalue PATH]

Seeds are named by the hash of their content, so running it again adds nothing twice. The value-literal,
hex and fixture seeds need `cvalue describe` to turn the vectors' bytes into literals: give --cvalue, or
set CVALUE, or it uses the first built one under .build*/debug/. The corpus is committed, so the fuzz
scripts and CI never need more than the repository.
"""
import argparse
import glob
import hashlib
import json
import os
import plistlib
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "corpus")


def write(target, content):
    data = content.encode() if isinstance(content, str) else content
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def vectors(directory):
    rows = []
    for path in sorted(glob.glob(os.path.join(directory, "*.jsonl"))):
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def string_literals(path):
    """The simple Swift string literals in a test file, unescaped."""
    with open(path) as f:
        text = f.read()
    found = []
    for match in re.finditer(r'(?<![#\\])"((?:[^"\\\n]|\\.)*)"', text):
        raw = match.group(1)
        if "\\(" in raw:
            continue
        found.append(raw.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\"))
    return found


def find_cvalue(given):
    if given:
        return given
    if os.environ.get("CVALUE"):
        return os.environ["CVALUE"]
    for candidate in sorted(glob.glob(os.path.join(ROOT, ".build*", "debug", "cvalue"))):
        if subprocess.run([candidate, "describe", "i", "01000000"], capture_output=True).returncode == 0:
            return candidate
    sys.exit("no cvalue with 'describe' found: build one (swift build --product cvalue) or pass --cvalue")


def describe(cvalue, encoding, hex_bytes):
    result = subprocess.run([cvalue, "describe", encoding, hex_bytes], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vectors", default=os.path.join(ROOT, "Tests", "Fixtures", "shared-vectors"))
    parser.add_argument("--cvalue")
    args = parser.parse_args()
    rows = vectors(args.vectors)
    cvalue = find_cvalue(args.cvalue)

    # encoding: every hand-picked and bitfield vector, every fifth random one, in both runtimes' spellings;
    # their leaves; the encodings the grammar, error and layout tests spell out; signatures; names.
    encodings = []
    for index, row in enumerate(rows):
        if row["corpus"] != "random" or index % 5 == 0:
            encodings += [row["encoding"], row["encoding_macosx"]]
            encodings += [leaf.get("encoding_standalone") or leaf["encoding"] for leaf in row["leaves"][:3]]
    for test in ["EncodingGrammarTests", "EncodingErrorTests", "EncodingPropertyTests", "LayoutRuleTests"]:
        for literal in string_literals(os.path.join(ROOT, "Tests", "CValueKitTests", test + ".swift")):
            if 0 < len(literal) <= 80 and " " not in literal:
                encodings.append(literal)
    encodings += ["v16@0:8", "i^{tm}^{tm}", "B{CGPoint=dd}{CGPoint=dd}", "@24@0:8^{_NSZone=}16", "v@:"]
    encodings += ["rect", "point", "size", "uint32", "int8", "double", "cstring", "pointer", "bool"]
    for encoding in dict.fromkeys(encodings):
        write("encoding", encoding)

    # value-literal: "<encoding>\n<literal>": the vectors' values as cvalue describes them, and literals the
    # tests parse, with the C syntax the describer never prints.
    literals = []
    for index, row in enumerate(rows):
        if row["corpus"] == "random" and index % 4:
            continue
        for value in row.get("values", [])[:1]:
            text = describe(cvalue, row["encoding"], value["hex"])
            if text:
                literals.append((row["encoding"], text))
    literals += [
        ("rect", "{{0, 0}, {10, 20}}"),
        ("rect", "{.origin.x = 1, .size = {10, 20}}"),
        ("{Pair=ii}", "{.a = 1, .b = 2}"),
        ("{S=[2i]i}", "{1, 2, 3}"),
        ("{S=\"a\"[2i]\"b\"i}", "{.a[1] = 0x7fffffff, [0] = 3}"),
        ("[8c]", '"abc" "def"'),
        ("[4c]", "{'a', '\\n', '\\x41', '\\101'}"),
        ("{T=fdD}", "{0x1.8p1f, -inf, nan}"),
        ("{T=BQ^v}", "{true, 18446744073709551615u, NULL}"),
        ("(U=if)", "{.f = 1.5}"),
        ("{R=b3i}", "{5}"),
        ("jd", "{1, 2}"),
        ("{C=q/* x */s}", "{ /* comment */ -1, // line\n 2 }"),
        ("i", "{5}"),
        ("{E=}", "{}"),
        ("{En}", "{.k = K_C, .c = 7, .m = NULL, .s = S_LOW, .h = {ST_B, 3, ST_A}}"),
        ("{En}", "{K_Q, 0, 5, nan, {255}}"),
        ("[3{P=cs}]", "{[2].s = 7, [0] = {1, 2},}"),
    ]
    for encoding, literal in dict.fromkeys(literals):
        write("value-literal", encoding + "\n" + literal)

    # hex: the vectors' bytes, in the spellings the reader accepts, and a few it refuses.
    hexes = []
    for index, row in enumerate(rows):
        if index % 3 == 0:
            for value in row.get("values", [])[:1]:
                hexes.append(value["hex"])
    variants = []
    for hex_bytes in hexes[:40]:
        groups = [hex_bytes[i : i + 8] for i in range(0, len(hex_bytes), 8)]
        variants += [" ".join(groups), ":".join(groups).upper(), "_".join("0x" + g for g in groups)]
    hexes += variants + ["2a000000", "0000803f", "00 11 g2", "0x", "abc", "01\t02\n03", "0X0102", ""]
    for hex_bytes in dict.fromkeys(hexes):
        write("hex", hex_bytes)

    # fixture: the test fixtures, and small JSON and property-list files of the vectors' values.
    for path in glob.glob(os.path.join(ROOT, "Tests", "CValueTestingTests", "Fixtures", "*")):
        with open(path, "rb") as f:
            write("fixture", f.read())
    cases = [{"name": f"case {i}", "type": encoding, "value": literal} for i, (encoding, literal) in enumerate(literals)]
    for start in range(0, min(len(cases), 60), 6):
        chunk = cases[start : start + 6]
        write("fixture", json.dumps(chunk, indent=1))
        keyed = {case.pop("name"): case for case in [dict(c) for c in chunk]}
        write("fixture", plistlib.dumps(keyed))
    write("fixture", plistlib.dumps(keyed, fmt=plistlib.FMT_BINARY))
    extras = [
        [{"name": "pair", "type": "point", "actual": "{1, 2}", "expected": "{1, 2.5}", "tolerance": {"ulps": 4}, "equal": False}],
        {"tolerance": {"type": "rect", "values": {"actual": "{}", "expected": "{}"}, "tolerance": {"absolute": 0.5, "nanEqualsNaN": True}}},
        [{"name": "a", "type": "{Bad", "value": "{1}"}],
        [{"name": "dup", "type": "i", "value": "1"}, {"name": "dup", "type": "i", "value": "2"}],
        [{"name": "extra", "type": "i", "value": "1", "unknown": 3}],
        "not a list",
    ]
    for extra in extras:
        write("fixture", json.dumps(extra))

    # union: "<encoding>\n<choice and value bytes>": types with named unions, anonymous ones and tags.
    unions = [
        '{cv_message="kind"i"body"(?="text"[12c]"number"{?="value"i"scale"f}"point"{?="x"f"y"f})}',
        '{cv_trailing_tag="value"(?="i"i"f"f)"is_float"b32I1}',
        '{tcphdr=(?={?="th_sport"S"th_dport"S"th_seq"I"th_ack"I"th_x2"b96C4"th_off"b100C4"th_flags"C'
        '"th_win"S"th_sum"S"th_urp"S}{?="source"S"dest"S"seq"I"ack_seq"I"res1"b96S4"doff"b100S4"fin"b104S1'
        '"syn"b105S1"rst"b106S1"psh"b107S1"ack"b108S1"urg"b109S1"res2"b110S2"window"S"check"S"urg_ptr"S})}',
        '{S="t"c"u"(U="a"{?="x"c"y"i}"b"d"c"[3s])"v"(V="p"^v"q"f)}',
        '(U="i"i"f"f)',
    ]
    for encoding in unions:
        for seed in range(3):
            choices = bytes((seed * 37 + i * 11) % 256 for i in range(48))
            write("union", encoding.encode() + b"\n" + choices)

    # catalog-file: the committed catalog files, one made for i386 (`cvalue import --target
    # i386-linux-gnu` of struct legacy_record, as Tests/C/abi_test.c loads it), and broken ones.
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "headers", "*.catalog.json"))):
        with open(path, "rb") as f:
            write("catalog-file", f.read())
    legacy = {
        "abi": "i386-linux", "arguments": ["-target", "i386-linux-gnu"], "clangVersion": "clang",
        "enumerations": [], "enums": [], "formatVersion": 3, "headers": ["legacy.h"],
        "records": [{"alignment": 4, "encoding": '{legacy_record="id"l"kind"i"stamp"d"name"*}',
                     "name": "struct legacy_record", "size": 20}],
        "target": "i386-unknown-linux-gnu", "typedefs": [{"name": "legacy_t", "encoding": "{legacy_record}"}],
    }
    write("catalog-file", json.dumps(legacy, indent=2))
    for broken in ["", "{", '{"formatVersion": 3}', '{"abi": "pdp11-unix"}', "[1, 2", '"\\u12"']:
        write("catalog-file", broken)

    # c-api: lines "type, path, literal, tolerance path, member, encoding named fz, ignored path, choices"
    # (CAPIFuzz.swift reads them in that order).
    calls = [
        ['{point="x"d"y"d}', ".x", "{1, 2}", ".y", "y", "{v=ff}", ".x", "abcdefgh"],
        ['{record="id"q"x"d}', ".id", "{.id = 3, .x = 0.5}", ".id", "x", "i", ".z", "\x01\x02\x03"],
        ["struct nope", ".x", "{}", "", "", "", "", ""],
        ['{S="t"i"u"(U="a"i"b"f)}', ".u", "{.t = 1, .u = {.b = 2.5}}", ".u.b", "b", "", ".t", "\x04\x10"],
        ["fz", ".x", "{1.5, 2}", "", ".x", '{v="x"f"y"f}', ".y", "\x02\x20\x30"],
        ["[4i]", "[*]", "{1, 2, 3, 4}", "[2]", "", "", "[1]", "\x05\x07\x09\x0b"],
        ['{named="name"*"n"i}', ".name", "{.n = 7}", ".n", ".name", "", "", "\x01\x00\x00"],
        ["{S=", "..", "{", "[", "(", "{x=", "]]", "\xff\xff\xff\xff\xff\xff\xff"],
        # A C-string comparer registered on a char * whose literal spells the address 0x3: the target keeps
        # the compared pointers NULL once a comparer that follows them is registered (found in CI's smoke run).
        ['{s="p"*}', "!", "{0x3}", "!", ".p", "", "!", "1AAAAAA"],
    ]
    for call in calls:
        write("c-api", "\n".join(call))


main()
