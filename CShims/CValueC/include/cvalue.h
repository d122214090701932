/*
 * cvalue.h: CValueKit for C. Compare, describe and parse C values field by field, from a type catalog
 * made by `cvalue import` (clang's own layout of your headers).
 *
 *   cv_catalog  *catalog;  cv_catalog_new(&catalog, NULL);
 *   cv_catalog_load_file(catalog, "types.catalog.json", &message);
 *   cv_registry *registry; cv_registry_new(catalog, &registry, &message);
 *   cv_type     *tcp;      cv_type_resolve(registry, "struct tcphdr", sizeof(struct tcphdr), &tcp, &message);
 *   cv_comparison result = {.size = sizeof result};  cv_compare(tcp, &actual, &expected, 1, NULL, &result, &message);
 *   if (!result.is_equal) { puts(result.report); cv_free(result.report); }
 *
 * Conventions (as in SQLite and libcurl):
 * - Every function that can fail returns a cv_status: CV_OK (0) or one of the CV_ERROR_ codes below.
 *   None aborts, prints or exits on bad input (NULL, unknown type, size mismatch, bad path, malformed
 *   encoding or literal).
 * - `char **message` is optional (NULL to ignore). On an error it receives what went wrong and where, as a
 *   NUL-terminated string the caller owns and frees with cv_free; on success it is set to NULL.
 * - Every other string or buffer this library hands out is owned by the caller and freed with cv_free,
 *   unless its function says otherwise. Strings passed in are only read during the call.
 * - Handles (cv_catalog, cv_registry, cv_type, cv_options) are opaque and freed with their own _free
 *   function, which accepts NULL. A handle keeps alive what it was made from: a registry its catalog, a
 *   type its registry, so they may be freed in any order.
 * - The structs a caller fills or receives (cv_comparison, cv_tolerance, cv_field_comparer) begin with
 *   `size_t size`, which the caller sets to sizeof the struct as it was compiled:
 *   `cv_tolerance t = {.size = sizeof t, .absolute = 1e-9};`.
 *   A later 1.x may add members at their end. The library reads and writes only the prefix both it and the
 *   caller know: members past the caller's size are read as zero (their default) and never written; members
 *   past the library's own size must be zero (a caller built against a newer header asking for what this
 *   library cannot do is CV_ERROR_ARGUMENT, not ignored). A size too small to hold the struct's first member
 *   after `size`, or above 4096 bytes (an unset size), is CV_ERROR_ARGUMENT. (A size field rather than
 *   accessor functions: the structs stay plain values a caller can initialize in one line, as
 *   curl_version_info's `age` and Linux's openat2's `struct open_how` do.)
 * - Catalogs, registries and types may be used from several threads and from forked processes. Options
 *   are read during a comparison: do not change them while another thread compares with them.
 */
#ifndef CVALUE_H
#define CVALUE_H

#include <stddef.h>
#include <stdint.h>

#include "cvalue_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the library's exported functions: on ELF, default visibility (libcvalue.so exports exactly these and
 * nothing else: Scripts/check-c-exports.sh checks it); nothing elsewhere. */
#if defined(__ELF__)
#define CV_EXTERN __attribute__((visibility("default")))
#else
#define CV_EXTERN
#endif

/* MARK: - Version */

/* The library's version as CV_VERSION_NUMBER spells it (0xMMmmpp), as it runs: compare with the header's
 * CV_VERSION_NUMBER (the version the caller was compiled against). */
CV_EXTERN uint32_t cv_version_number(void);

/* The library's version as text ("1.0.0"): a static string, never NULL, not to be freed. */
CV_EXTERN const char *cv_version_text(void);

/* MARK: - Status codes */

typedef int32_t cv_status;

#define CV_OK 0
#define CV_ERROR_ARGUMENT 1     /* a NULL pointer or an argument out of range */
#define CV_ERROR_UNKNOWN_TYPE 2 /* a type name the catalog does not know */
#define CV_ERROR_SIZE 3         /* the caller's sizeof is not the catalog's size of the type */
#define CV_ERROR_ENCODING 4     /* a malformed type encoding */
#define CV_ERROR_PATH 5         /* a malformed field path, or one that names no field of the type */
#define CV_ERROR_LITERAL 6      /* a malformed C initializer, or one that does not fit the type */
#define CV_ERROR_CATALOG 7      /* a catalog file that cannot be read, or a registration it refuses */
#define CV_ERROR_IMPORT 8       /* a header import that failed: no libclang, a header clang rejects */
#define CV_ERROR_OPTION 9       /* a tolerance, union member rule or field comparer that does not fit */
#define CV_ERROR_LAYOUT 10      /* a type whose layout is unknown (incomplete, opaque) or not this process's ABI's */
#define CV_ERROR_FUNCTION 11    /* a C comparer or describer that cannot be registered */

/* The status's name, such as "CV_ERROR_SIZE": a static string, never NULL, not to be freed. */
CV_EXTERN const char *cv_status_name(cv_status status);

/* Frees a string or buffer this library handed out. NULL is ignored. */
CV_EXTERN void cv_free(void *pointer);

/* MARK: - Catalogs: C names, record definitions and clang's layouts */

typedef struct cv_catalog cv_catalog;

/* A catalog with the built-in names (int, double, CGRect, ...). */
CV_EXTERN cv_status cv_catalog_new(cv_catalog **catalog, char **message);

/* Registers what a catalog file written by `cvalue import` holds. No libclang is needed. A catalog holds one
 * ABI's types: a file for another ABI than the files loaded before is CV_ERROR_CATALOG, and the types of a
 * file made for another ABI than this process's (`cvalue import --target i386-linux-gnu` on x86_64) resolve
 * as CV_ERROR_LAYOUT, naming both ABIs: this process's values are never laid out by another ABI's types. */
CV_EXTERN cv_status cv_catalog_load_file(cv_catalog *catalog, const char *path, char **message);

/* Imports headers through libclang, when it is found (CV_ERROR_IMPORT when not): `headers` are names
 * (`netinet/tcp.h`) or paths, `arguments` clang's (`-I`, `-D`); either array may be NULL when its count is 0.
 * Headers read for another target than this process's (`-target i386-linux-gnu`, `-m32`) mark the catalog as
 * that ABI's, as a catalog file made for it does; headers read for another ABI than the one the catalog holds
 * types for are CV_ERROR_IMPORT. */
CV_EXTERN cv_status cv_catalog_import_headers(cv_catalog *catalog, const char *const *headers, size_t header_count,
                                              const char *const *arguments, size_t argument_count, char **message);

/* Registers a readable name for a type encoding: ("vec2", "{vec2=ff}"). */
CV_EXTERN cv_status cv_catalog_register_name(cv_catalog *catalog, const char *name, const char *encoding,
                                             char **message);

CV_EXTERN void cv_catalog_free(cv_catalog *catalog);

/* MARK: - Registries: comparers and describers for types, and the handles made from them */

typedef struct cv_registry cv_registry;

/* A registry reading names and layouts from `catalog`, with the built-in float and integer rules. */
CV_EXTERN cv_status cv_registry_new(cv_catalog *catalog, cv_registry **registry, char **message);

CV_EXTERN void cv_registry_free(cv_registry *registry);

/* Whether two values are equal, given a pointer to each; see CV_NONZERO_MEANS_EQUAL. */
typedef int32_t (*cv_comparer_fn)(const void *actual, const void *expected);

#define CV_NONZERO_MEANS_EQUAL 0 /* a predicate: `return a->x == b->x;` */
#define CV_ZERO_MEANS_EQUAL 1    /* an ordering or memcmp-like function */

/* Registers a C function as the comparer for `type` (a C name or an encoding): values of the type, alone
 * or inside others, are then equal when it says so. `function_name` names it in reports. Types resolved
 * before this call keep the rules they had: resolve after registering. */
CV_EXTERN cv_status cv_registry_register_comparer(cv_registry *registry, const char *type, cv_comparer_fn function,
                                                  const char *function_name, int32_t result, char **message);

/* Writes a value as text as snprintf does: at most `size` bytes with the NUL, returning the length the
 * whole text needs, or a negative number on failure. */
typedef int32_t (*cv_describer_fn)(char *buffer, size_t size, const void *value);

/* Registers a C function as the describer for `type` (in descriptions and reports). */
CV_EXTERN cv_status cv_registry_register_describer(cv_registry *registry, const char *type, cv_describer_fn function,
                                                   const char *function_name, char **message);

/* MARK: - Types */

typedef struct cv_type cv_type;

/* The handle for a type, by C name (`struct tcphdr`, a typedef) or encoding (`{tcphdr=SS...}`), checked
 * against the caller's `size`, `sizeof` the type as the calling code was compiled: a catalog made with
 * other flags (-m32, #pragma pack, -fshort-enums) is CV_ERROR_SIZE, not a wrong answer. A C name that a
 * catalog file or a header import registered is also checked against the executable's own debug info,
 * when it has debug info for the type (built with -g) and libdw loads: a catalog that lays the type out
 * otherwise, though it keeps its size (made without -fshort-enums for a test built with it), is
 * CV_ERROR_CATALOG with cv_catalog_check_program's message, naming the first field that differs. Without
 * debug info for the type, without libdw, or for a non-ELF executable there is no check and no message
 * (catalogs are for binaries without debug info); the executable is read once per process, at the first
 * such call (a few milliseconds). A catalog deliberately made for another layout of a name the program also
 * defines is resolved by its encoding (`{tcphdr}`), which is not checked. */
CV_EXTERN cv_status cv_type_resolve(cv_registry *registry, const char *type, size_t size, cv_type **handle,
                                    char **message);

/* The type's size in bytes; 0 for NULL. */
CV_EXTERN size_t cv_type_size(const cv_type *type);

CV_EXTERN void cv_type_free(cv_type *type);

/* MARK: - Field options: fields not compared, fields compared another way */

/* How one field is compared instead of by its type's rules: kind, then what that kind reads. */
typedef struct cv_field_comparer {
  size_t size;               /* sizeof(cv_field_comparer) as the caller was compiled; at least through `kind` */
  int32_t kind;              /* CV_FIELD_FUNCTION, CV_FIELD_C_STRING or CV_FIELD_POINTEE */
  cv_comparer_fn function;   /* CV_FIELD_FUNCTION: called with a pointer to each field */
  const char *function_name; /* CV_FIELD_FUNCTION: names the function in errors */
  int32_t result;            /* CV_FIELD_FUNCTION: CV_NONZERO_MEANS_EQUAL or CV_ZERO_MEANS_EQUAL */
  const cv_type *pointee;    /* CV_FIELD_POINTEE: the type pointed to (kept alive as long as needed) */
} cv_field_comparer;

#define CV_FIELD_FUNCTION 0 /* a C function decides */
#define CV_FIELD_C_STRING 1 /* a `char *` compared as the NUL-terminated string it points to; NULL == NULL */
#define CV_FIELD_POINTEE 2  /* a pointer compared by the value of `pointee`'s type it points to; NULL == NULL */

/* For every value of the record `type` (alone, or inside others): the field at `path` is not compared, not
 * counted, and listed as ignored in reports. "[*]" reaches every element of an array (".rows[*].stamp").
 * CV_ERROR_PATH for a path that names no field or one element. Resolve types after registering. */
CV_EXTERN cv_status cv_registry_register_ignored(cv_registry *registry, const char *type, const char *path,
                                                 char **message);

/* For every value of the record `type`: the field at `path` is compared by `comparer` (copied; its
 * strings are read during the call). CV_ERROR_PATH for a path that names no field, CV_ERROR_OPTION for a
 * comparer that does not fit the field (C string on a field that is not a `char *`, pointee on a field that
 * is not a pointer). An ignored path wins over a comparer. Resolve types after registering. */
CV_EXTERN cv_status cv_registry_register_field_comparer(cv_registry *registry, const char *type, const char *path,
                                                        const cv_field_comparer *comparer, char **message);

/* MARK: - Comparison options */

typedef struct cv_options cv_options;

#define CV_FLOAT_NAN_EQUALS_NAN 1u /* a NaN equals any NaN (IEEE 754 says NaN != NaN) */
#define CV_FLOAT_BITWISE 2u        /* bit patterns only: -0.0 != 0.0, tolerances off */

/* How far apart two floating-point values may be and still be equal; all zero is exact (-0.0 == 0.0). */
typedef struct cv_tolerance {
  size_t size;     /* sizeof(cv_tolerance) as the caller was compiled; sizeof(size_t) alone is exact */
  double absolute; /* in the values' own units */
  double relative; /* a fraction of the larger magnitude */
  uint64_t ulps;   /* units in the last place of the field's type */
  uint32_t flags;  /* CV_FLOAT_ flags */
} cv_tolerance;

/* Exact options: the registry's rules, at most 20 mismatches listed. */
CV_EXTERN cv_status cv_options_new(cv_options **options, char **message);

/* The tolerance (copied) for every float in the value (`path` NULL or ""), or for the field at `path`
 * (".size.width", "[2].x") and everything in it. When comparing: CV_ERROR_PATH for a path that names no
 * field, CV_ERROR_OPTION for a field with no floating-point value in it (an integer field). */
CV_EXTERN cv_status cv_options_set_tolerance(cv_options *options, const char *path, const cv_tolerance *tolerance,
                                             char **message);

/* The live member of the union at `union_path` (the path of the record holding an anonymous union). */
CV_EXTERN cv_status cv_options_set_union_member(cv_options *options, const char *union_path, const char *member,
                                                char **message);

/* The live member of the union at `union_path` is the one the integer field at `tag_path` selects:
 * members[i] when the tag is tags[i]. An unknown tag compares every member, or only the union's bytes
 * when `unknown_as_bytes` is non-zero. */
CV_EXTERN cv_status cv_options_set_union_tag(cv_options *options, const char *union_path, const char *tag_path,
                                             const int64_t *tags, const char *const *members, size_t count,
                                             int32_t unknown_as_bytes, char **message);

/* The field at `path` is not compared in comparisons with these options, as with
 * cv_registry_register_ignored; adds to the paths registered. A path that names no field is CV_ERROR_PATH
 * when comparing. */
CV_EXTERN cv_status cv_options_ignore(cv_options *options, const char *path, char **message);

/* The field at `path` is compared by `comparer` (copied) in comparisons with these options, replacing one
 * registered for it. When comparing: CV_ERROR_PATH for a path that names no field, CV_ERROR_OPTION for a
 * comparer that does not fit the field. */
CV_EXTERN cv_status cv_options_set_comparer(cv_options *options, const char *path, const cv_field_comparer *comparer,
                                            char **message);

/* How many mismatching fields a report lists (the rest are counted); at least 1. */
CV_EXTERN cv_status cv_options_set_max_reported(cv_options *options, int32_t count, char **message);

CV_EXTERN void cv_options_free(cv_options *options);

/* MARK: - Comparing, describing, parsing */

typedef struct cv_comparison {
  size_t size;            /* set by the caller: sizeof(cv_comparison) as it was compiled; at least through is_equal */
  int32_t is_equal;       /* 1 when equal, 0 when they differ */
  int64_t mismatch_count; /* how many fields differ */
  char *report;           /* when they differ: the report, every mismatching field path with both values,
                             as the Swift API's Comparison.report (caller frees with cv_free); else NULL */
} cv_comparison;

/* Compares `count` values at `actual` with `count` at `expected` (count 1: one value; more: an array, paths
 * like "[3].x"). `options` may be NULL for exact. `result->size` must be set; on an error the rest of `result`
 * is zeroed. */
CV_EXTERN cv_status cv_compare(const cv_type *type, const void *actual, const void *expected, size_t count,
                               const cv_options *options, cv_comparison *result, char **message);

/* The formats of a report (cv_compare_report), as `cvalue --format` names them. */
#define CV_REPORT_TEXT 0 /* the text a person reads: cv_comparison's report, or one line for equal values */
#define CV_REPORT_JSON 1 /* one line of JSON, schema 1, keys sorted */

/* Compares as cv_compare does, and writes the result's report in `format`, a CV_REPORT_ value, to *report
 * (the caller frees it with cv_free): the text `cvalue compare` prints, which for equal values is one line
 * ("cv_point values are equal"), or the object `cvalue compare --format json` prints. Every format is the
 * Swift API's Comparison.report(as:), so the same values read the same in C, in Swift and in the tool.
 * A format that is no CV_REPORT_ value is CV_ERROR_ARGUMENT. On an error *report is NULL. */
CV_EXTERN cv_status cv_compare_report(const cv_type *type, const void *actual, const void *expected, size_t count,
                                      const cv_options *options, int32_t format, char **report, char **message);

/* cv_compare_report with CV_REPORT_JSON: one line of JSON (schema 1, keys sorted: "isEqual", "mismatchCount",
 * "mismatches" with each field's "path", "actual", "expected", ...), the object `cvalue compare --json`
 * prints; the caller frees *json with cv_free. Equal values give a JSON object too ("isEqual": true). On an
 * error *json is NULL. */
CV_EXTERN cv_status cv_compare_json(const cv_type *type, const void *actual, const void *expected, size_t count,
                                    const cv_options *options, char **json, char **message);

/* The `count` values at `value` as a C initializer (`{.x = 1.0, .y = 2.0}`); the caller frees *text. */
CV_EXTERN cv_status cv_describe(const cv_type *type, const void *value, size_t count, char **text, char **message);

/* Parses a C initializer into one value's bytes at `value`; `size` must be the type's size. Fields not
 * mentioned and padding are zero. */
CV_EXTERN cv_status cv_parse(const cv_type *type, const char *literal, void *value, size_t size, char **message);

/* MARK: - Snapshots: a value recorded once as a C initializer, compared field by field ever after */

#define CV_SNAPSHOT_MATCHED 0  /* the value matches the snapshot under the options */
#define CV_SNAPSHOT_RECORDED 1 /* the snapshot was written (CVALUE_SNAPSHOTS asked for it and CI is not set) */
#define CV_SNAPSHOT_FAILED 2   /* missing, unreadable, another ABI or layout, or different: see *failure */

/* The `count` argument of cv_snapshot_check for a snapshot of one value, not an array. */
#define CV_SNAPSHOT_ONE_VALUE ((size_t)-1)

/* Checks the value at `value` (`size` bytes, the type's size) against the snapshot file `directory/name.snap`
 * under `options` (NULL: exact), as the Swift assertions do: recorded only when the CVALUE_SNAPSHOTS
 * environment variable says record-missing or record-all, never while CI is set; a missing or different
 * snapshot writes the actual value beside it as `name.snap.new`. With a `count` other than
 * CV_SNAPSHOT_ONE_VALUE, `value` is an array of `count` values (`size` is still one value's): the file says
 * the count and holds the array's initializer, compared element by element (paths "[2].flags"), and a count
 * other than the recorded one fails naming both. `*outcome` is a CV_SNAPSHOT_ value; `*failure` is the
 * failure text (the field report, or the line and column of a hand edit that does not parse) when it is
 * CV_SNAPSHOT_FAILED, else NULL; the caller frees it with cv_free. A failed snapshot is not an error: the
 * status is CV_OK. */
CV_EXTERN cv_status cv_snapshot_check(const cv_type *type, const void *value, size_t count, size_t size,
                                      const char *directory, const char *name, const cv_options *options,
                                      int32_t *outcome, char **failure, char **message);

/* MARK: - The running program's own types, from its debug info (no catalog) */

/* The handle for a type of the running program by C name (`struct shape`, a typedef), checked against the
 * caller's `size` (`sizeof` the type), read from the program's own DWARF debug info: the executable's, then,
 * for a type it lacks, each loaded shared library's. Each type is read once per process, whichever thread
 * asks first; a forked child keeps what its parent read. Free it with cv_type_free. A program without debug
 * info for the type is CV_ERROR_UNKNOWN_TYPE with a message saying to compile with -g; no libdw (elfutils'
 * libdw.so.1) is CV_ERROR_IMPORT. */
CV_EXTERN cv_status cv_program_type(const char *name, size_t size, cv_type **type, char **message);

/* Whether `catalog`'s layout of the type `name` is the running program's own (its debug info, as
 * cv_program_type reads it: the executable's, then the loaded libraries'), field by field: name, offset,
 * size and type. CV_ERROR_CATALOG naming the first field that differs when the catalog was made with other
 * flags than the program (-fshort-enums, #pragma pack: a record that keeps its size passes the sizeof
 * check, and would compare the wrong bytes); the errors of cv_program_type when the program has no debug
 * info for it. cv_type_resolve makes the same check by itself against the executable's debug info, where
 * there is some; this call makes it on request, for any name, with no value resolved. */
CV_EXTERN cv_status cv_catalog_check_program(cv_catalog *catalog, const char *name, char **message);

/* Whether the program's debug info, when it is not on this machine (a stripped program, a library without
 * its debug package), is asked for by build id from the debuginfod servers that DEBUGINFOD_URLS names.
 * 0, the default unless the process starts with CVALUE_DEBUGINFOD=1, sends no request whatever
 * DEBUGINFOD_URLS says: a type the program lacks is an error at once, never a wait on the network. 1 asks,
 * for the executable and, for a type it lacks, each loaded library; a server that sends nothing for
 * DEBUGINFOD_TIMEOUT seconds (10 unless set) is given up. Affects the reads that follow the call. */
CV_EXTERN void cv_program_fetch_from_debuginfod(int enabled);

#ifdef __cplusplus
}
#endif

#endif /* CVALUE_H */
