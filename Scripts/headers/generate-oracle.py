#!/usr/bin/env python3
"""Writes Tests/Fixtures/headers/oracle.json: for each corpus header, every complete struct and union
(tagged, or an anonymous one named by a typedef) with its size, alignment and the offset and size of every
named field, or the bit range of a bitfield, as a compiled C program reports them.

The route is independent of libclang's layout queries: the names come from clang's JSON AST dump (which
records and which members exist), the numbers from running a generated C program with sizeof, _Alignof,
offsetof, and bitfield probes (all bits of one bitfield set in a zeroed object; the changed bits are its
range).

Usage: Scripts/headers/generate-oracle.py [--clang CLANG] [--output PATH]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HEADERS = [
    "time.h", "sys/stat.h", "netinet/in.h", "netinet/ip.h", "netinet/tcp.h", "netinet/udp.h", "sys/epoll.h",
    "signal.h", "sys/timex.h", "net/if.h", "linux/if_ether.h", "zlib.h",
]
SUGAR = {"ElaboratedType", "TypedefType", "RecordType", "QualType", "ParenType", "AttributedType"}
ANONYMOUS = re.compile(r"\((anonymous|unnamed)( struct| union)? at ")


def ast(clang, header):
    source = f"#include <{header}>\n"
    result = subprocess.run(
        [clang, "-x", "c", "-fsyntax-only", "-Xclang", "-ast-dump=json", "-"],
        input=source, capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


class Records:
    """The complete records of one translation unit, and how to find a field's record type."""

    def __init__(self, unit):
        self.tagged = {}      # "struct tag" -> RecordDecl
        self.typedefs = {}    # name -> RecordDecl or a type string
        self.order = []       # (C name, RecordDecl) to probe, in declaration order
        self.previous = None
        self.by_id = {}
        self.index(unit)
        for decl in unit.get("inner", []):
            self.visit_top(decl)

    def index(self, node):
        if node.get("kind") == "RecordDecl":
            self.by_id[node["id"]] = node
        for inner in node.get("inner", []):
            self.index(inner)

    def visit_top(self, decl):
        if decl.get("kind") == "RecordDecl":
            self.previous = decl
            self.collect_tagged(decl)
        elif decl.get("kind") == "TypedefDecl":
            name = decl["name"]
            target = self.typedef_target(decl)
            self.typedefs[name] = target
            if isinstance(target, dict) and not target.get("name") and target.get("completeDefinition"):
                if all(listed is not target for _, listed in self.order):
                    self.order.append((name, target))

    def collect_tagged(self, decl):
        if decl.get("completeDefinition") and decl.get("name"):
            key = f"{decl['tagUsed']} {decl['name']}"
            if key not in self.tagged:
                self.tagged[key] = decl
                self.order.append((key, decl))
        for inner in decl.get("inner", []):
            if inner.get("kind") == "RecordDecl":
                self.collect_tagged(inner)

    def typedef_target(self, decl):
        """The RecordDecl a typedef names (through other typedefs too), else its type as text."""
        def find(node):
            target = node.get("decl")
            if isinstance(target, dict) and target.get("kind") == "RecordDecl":
                return target["id"]
            for inner in node.get("inner", []):
                # Only through sugar: a pointer or array to a record is not the record.
                if inner.get("kind") not in SUGAR:
                    continue
                found = find(inner)
                if found is not None:
                    return found
            return None
        found = find(decl)
        if found in self.by_id:
            record = self.by_id[found]
            if record.get("completeDefinition") or not record.get("name"):
                return record
            return f"{record['tagUsed']} {record['name']}"
        return decl["type"].get("desugaredQualType", decl["type"]["qualType"])

    def record_of(self, type_json, previous):
        """The RecordDecl a field's type names, or None when it is not a struct or union by value."""
        qual = type_json["qualType"]
        desugared = type_json.get("desugaredQualType", qual)
        if ANONYMOUS.search(qual) or ANONYMOUS.search(desugared):
            return previous if not re.search(r"[\[*]", desugared.split(")")[-1]) else None
        for name in (desugared, qual):
            seen = set()
            while name in self.typedefs and name not in seen:
                seen.add(name)
                target = self.typedefs[name]
                if isinstance(target, dict):
                    return target
                name = target
            if re.fullmatch(r"(struct|union) \w+", name) and name in self.tagged:
                return self.tagged[name]
        return None

    def fields(self, decl, prefix=""):
        """(path, is_bitfield, C type) for every named field, anonymous members flattened, into records."""
        previous = None
        for inner in decl.get("inner", []):
            if inner.get("kind") == "RecordDecl":
                previous = inner
                continue
            if inner.get("kind") != "FieldDecl":
                continue
            name = inner.get("name")
            if not name:
                if inner.get("isBitfield"):
                    continue  # an unnamed bitfield: padding
                if previous is not None:
                    yield from self.fields(previous, prefix)
                continue
            path = prefix + name
            yield path, bool(inner.get("isBitfield")), inner["type"]["qualType"]
            nested = None if inner.get("isBitfield") else self.record_of(inner["type"], previous)
            if nested is not None:
                yield from self.fields(nested, path + ".")


def program(header, records):
    # glibc spells some members through macros (sa_handler is __sigaction_handler.sa_handler); the paths
    # are the AST's names, so the macros go.
    names = sorted({part for _, decl in records.order for path, _, _ in records.fields(decl) for part in path.split(".")})
    undefs = [f"#ifdef {name}\n#undef {name}\n#endif" for name in names]
    lines = [
        f"#include <{header}>", "#include <stddef.h>", "#include <stdio.h>", "#include <string.h>", *undefs, "",
        "static void bits(const char *record, const char *path, const unsigned char *p, size_t n) {",
        "  long first = -1, last = -1;",
        "  for (size_t i = 0; i < n * 8; i++) if (p[i / 8] >> (i % 8) & 1) { if (first < 0) first = i; last = i; }",
        '  printf("B\\t%s\\t%s\\t%ld\\t%ld\\n", record, path, first, last - first + 1);',
        "}", "", "int main(void) {",
    ]
    for name, decl in records.order:
        c = name
        lines.append(f'  printf("R\\t%s\\t%zu\\t%zu\\n", "{name}", sizeof({c}), _Alignof({c}));')
        for path, is_bitfield, type in records.fields(decl):
            # A flexible array member has no sizeof; it takes no bytes.
            size = "(size_t)0" if type.endswith("[]") else f"sizeof((({c} *)0)->{path})"
            if is_bitfield:
                if type.startswith("const "):
                    continue
                lines.append(
                    f"  {{ {c} v; memset(&v, 0, sizeof v); v.{path} = -1; "
                    f'bits("{name}", "{path}", (const unsigned char *)&v, sizeof v); }}')
            else:
                lines.append(
                    f'  printf("F\\t%s\\t%s\\t%zu\\t%zu\\n", "{name}", "{path}", offsetof({c}, {path}), '
                    f"{size});")
    lines += ["  return 0;", "}", ""]
    return "\n".join(lines)


def run(clang, header):
    records = Records(ast(clang, header))
    with tempfile.TemporaryDirectory() as directory:
        source = os.path.join(directory, "oracle.c")
        binary = os.path.join(directory, "oracle")
        with open(source, "w") as file:
            file.write(program(header, records))
        subprocess.run([clang, "-w", "-std=gnu11", "-o", binary, source], check=True)
        output = subprocess.run([binary], capture_output=True, text=True, check=True).stdout
    result = {}
    for line in output.splitlines():
        kind, name, *rest = line.split("\t")
        if kind == "R":
            result[name] = {"size": int(rest[0]), "alignment": int(rest[1]), "fields": {}}
        elif kind == "F":
            result[name]["fields"][rest[0]] = {"offset": int(rest[1]), "size": int(rest[2])}
        else:
            result[name]["fields"][rest[0]] = {"bitOffset": int(rest[1]), "bitWidth": int(rest[2])}
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clang", default="clang")
    parser.add_argument("--output", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "Tests", "Fixtures", "headers", "oracle.json"))
    arguments = parser.parse_args()
    version = subprocess.run([arguments.clang, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    headers = {}
    missing = []
    for header in HEADERS:
        try:
            headers[header] = run(arguments.clang, header)
        except subprocess.CalledProcessError as error:
            if "file not found" in (error.stderr or ""):
                missing.append(header)
                continue
            raise
    fixture = {"compiler": version, "headers": headers, "missing": missing}
    with open(arguments.output, "w") as file:
        json.dump(fixture, file, indent=1, sort_keys=True)
        file.write("\n")
    for header, records in headers.items():
        fields = sum(len(r["fields"]) for r in records.values())
        print(f"{header}: {len(records)} records, {fields} fields")
    if missing:
        print("missing:", ", ".join(missing))


if __name__ == "__main__":
    sys.exit(main())
