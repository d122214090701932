/* cvalue.h's ABI as it grows (issue 30): the run-time version, callers built with smaller or larger structs
 * than this library's, and what a new C user tripped on, each with its exact status and message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <cvalue.h>

#include "cvalue_expect.h"

/* A fresh catalog and registry, freed by release(). */
struct fixture {
  cv_catalog *catalog;
  cv_registry *registry;
};

static struct fixture fresh(void) {
  struct fixture fixture = {NULL, NULL};
  expect_status(cv_catalog_new(&fixture.catalog, &message), CV_OK, NULL);
  expect_status(cv_registry_new(fixture.catalog, &fixture.registry, &message), CV_OK, NULL);
  return fixture;
}

static void release(struct fixture fixture) {
  cv_registry_free(fixture.registry);
  cv_catalog_free(fixture.catalog);
}

static cv_type *resolve(struct fixture fixture, const char *type, size_t size) {
  cv_type *handle = NULL;
  expect_status(cv_type_resolve(fixture.registry, type, size, &handle, &message), CV_OK, NULL);
  return handle;
}

/* Writes `text` to a new temporary file, whose path is returned (the caller unlinks and frees it). */
static char *temporary_file(const char *text) {
  char *path = strdup("/tmp/cvalue-abi-test-XXXXXX");
  int descriptor = mkstemp(path);
  assert_true(descriptor >= 0);
  assert_int_equal(write(descriptor, text, strlen(text)), (ssize_t)strlen(text));
  close(descriptor);
  return path;
}

struct point {
  double x, y;
};

struct named {
  char *name;
};

struct record {
  long long id;
  double x;
};

/* MARK: - Version */

static void the_library_version_is_the_header_version(void **state) {
  (void)state;
  assert_int_equal(cv_version_number(), CV_VERSION_NUMBER);
  assert_int_equal(cv_version_number(), 0x010000);
  assert_string_equal(cv_version_text(), CV_VERSION_STRING);
  assert_string_equal(cv_version_text(), "1.0.0");
  assert_true(CV_AT_LEAST_VERSION(1, 0, 0));
  assert_false(CV_AT_LEAST_VERSION(1, 0, 1));
}

/* MARK: - Structs that grow */

/* What a caller built against an older header holds: a prefix of each struct. */
struct short_tolerance {
  size_t size;
  double absolute;
};

struct short_comparison {
  size_t size;
  int32_t is_equal;
};

struct short_field_comparer {
  size_t size;
  int32_t kind;
};

static void a_caller_with_a_shorter_struct_reads_and_gets_its_prefix(void **state) {
  (void)state;
  struct fixture fixture = fresh();
  cv_type *point = resolve(fixture, "{point=\"x\"d\"y\"d}", sizeof(struct point));
  struct point a = {1.0, 2.0}, b = {1.004, 2.0};

  /* Members past the caller's size read as zero: an absolute tolerance alone. */
  struct short_tolerance loose = {sizeof loose, 0.01};
  cv_options *options = NULL;
  expect_status(cv_options_new(&options, &message), CV_OK, NULL);
  expect_status(cv_options_set_tolerance(options, NULL, (const cv_tolerance *)&loose, &message), CV_OK, NULL);
  cv_comparison full = {.size = sizeof full};
  expect_status(cv_compare(point, &a, &b, 1, options, &full, &message), CV_OK, NULL);
  assert_int_equal(full.is_equal, 1);

  /* Only the members the caller's struct holds are written: no report is made (none leaks), the bytes after
   * it stay as they were. */
  struct {
    struct short_comparison result;
    unsigned char after[32];
  } out;
  memset(&out, 0xAB, sizeof out);
  out.result.size = sizeof out.result;
  expect_status(cv_compare(point, &a, &b, 1, NULL, (cv_comparison *)&out.result, &message), CV_OK, NULL);
  assert_int_equal(out.result.is_equal, 0);
  for (size_t index = 0; index < sizeof out.after; index++) assert_int_equal(out.after[index], 0xAB);
  /* And the fast path for equal values writes the same prefix. */
  out.result.is_equal = 7;
  expect_status(cv_compare(point, &a, &a, 1, NULL, (cv_comparison *)&out.result, &message), CV_OK, NULL);
  assert_int_equal(out.result.is_equal, 1);
  for (size_t index = 0; index < sizeof out.after; index++) assert_int_equal(out.after[index], 0xAB);

  /* A field comparer of kind alone. */
  cv_type *named = resolve(fixture, "{named=\"name\"*}", sizeof(struct named));
  struct short_field_comparer by_text = {sizeof by_text, CV_FIELD_C_STRING};
  expect_status(cv_options_set_comparer(options, ".name", (const cv_field_comparer *)&by_text, &message), CV_OK,
                NULL);
  char first[] = "text", second[] = "text";
  struct named c = {first}, d = {second};
  expect_status(cv_compare(named, &c, &d, 1, options, &full, &message), CV_OK, NULL);
  assert_int_equal(full.is_equal, 1);

  cv_options_free(options);
  cv_type_free(named);
  cv_type_free(point);
  release(fixture);
}

static void a_newer_caller_or_an_unset_size_is_refused(void **state) {
  (void)state;
  cv_options *options = NULL;
  expect_status(cv_options_new(&options, &message), CV_OK, NULL);
  /* A caller built against a newer header: zero in the members this library does not know is their default. */
  struct {
    cv_tolerance known;
    double later;
  } newer = {{sizeof newer, 0.01, 0, 0, 0}, 0};
  expect_status(cv_options_set_tolerance(options, NULL, &newer.known, &message), CV_OK, NULL);
  newer.later = 1.5;
  expect_status(cv_options_set_tolerance(options, NULL, &newer.known, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_tolerance: tolerance sets a member at byte 46 that this library (1.0.0) does not "
                "know: its cv_tolerance is 40 bytes, the caller's 48");
  cv_tolerance unset = {.size = 0, .absolute = 0.01};
  expect_status(cv_options_set_tolerance(options, NULL, &unset, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_tolerance: tolerance->size is 0, not a size of cv_tolerance (at least 8 bytes): "
                "set it to sizeof(cv_tolerance)");
  cv_field_comparer tiny = {.size = 4, .kind = CV_FIELD_C_STRING};
  expect_status(cv_options_set_comparer(options, ".name", &tiny, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_comparer: comparer->size is 4, not a size of cv_field_comparer (at least 12 "
                "bytes): set it to sizeof(cv_field_comparer)");
  struct fixture fixture = fresh();
  cv_type *point = resolve(fixture, "{point=\"x\"d\"y\"d}", sizeof(struct point));
  struct point a = {1.0, 2.0};
  cv_comparison garbage = {.size = (size_t)-1};
  expect_status(cv_compare(point, &a, &a, 1, NULL, &garbage, &message), CV_ERROR_ARGUMENT,
                "cv_compare: result->size is 18446744073709551615, not a size of cv_comparison (at least 12 "
                "bytes): set it to sizeof(cv_comparison)");
  cv_type_free(point);
  release(fixture);
  cv_options_free(options);
}

/* MARK: - What a new C user tripped on */

/* `cvalue import legacy.h --target i386-linux-gnu` of `struct legacy_record { long id; int kind; double
 * stamp; char *name; };`: 20 bytes on i386, where `long` is 4 bytes (`l`). */
static const char i386_catalog[] =
    "{\"abi\": \"i386-linux\", \"arguments\": [\"-target\", \"i386-linux-gnu\"], \"clangVersion\": \"clang\", "
    "\"enumerations\": [], \"enums\": [], \"formatVersion\": 3, \"headers\": [\"legacy.h\"], \"records\": "
    "[{\"alignment\": 4, \"encoding\": \"{legacy_record=\\\"id\\\"l\\\"kind\\\"i\\\"stamp\\\"d\\\"name\\\"*}\", "
    "\"name\": \"struct legacy_record\", \"size\": 20}], \"target\": \"i386-unknown-linux-gnu\", "
    "\"typedefs\": []}";

/* Why a value of this process is not laid out through a catalog holding i386's types. */
#define I386_REFUSAL                                                                                                \
  "the catalog holds types made for i386-linux (a catalog file or header import for that ABI), not for "            \
  "x86_64-linux, the ABI laid out for; use a catalog made for x86_64-linux"

static void a_catalog_for_another_abi_is_refused_for_this_process(void **state) {
  (void)state;
  char *path = temporary_file(i386_catalog);
  struct fixture fixture = fresh();
  expect_status(cv_catalog_load_file(fixture.catalog, path, &message), CV_OK, NULL);
  cv_type *legacy = NULL;
  expect_status(cv_type_resolve(fixture.registry, "struct legacy_record", 24, &legacy, &message), CV_ERROR_LAYOUT,
                "cannot lay out {legacy_record=\"id\"l\"kind\"i\"stamp\"d\"name\"*}: " I386_REFUSAL);
  assert_null(legacy);
  /* Not even an int: nothing of this process is laid out through another ABI's catalog. */
  expect_status(cv_type_resolve(fixture.registry, "i", sizeof(int), &legacy, &message), CV_ERROR_LAYOUT,
                "cannot lay out i: " I386_REFUSAL);
  /* One catalog holds one ABI's types: this process's catalog file is refused beside it. */
  const char *host = getenv("CVALUE_CATALOG");
  assert_non_null(host);
  char expected[4096];
  snprintf(expected, sizeof expected,
           "%s: abi: the file is for x86_64-linux, but the catalog already holds types made for i386-linux; load "
           "each ABI's catalog files into a catalog of their own",
           host);
  expect_status(cv_catalog_load_file(fixture.catalog, host, &message), CV_ERROR_CATALOG, expected);
  release(fixture);
  unlink(path);
  free(path);
}

/* The same record imported from its header for i386 (`-target i386-linux-gnu`, or `--target=`): its types
 * mark the catalog as i386's, as the catalog file does. */
static void a_header_import_for_another_abi_is_refused_for_this_process(void **state) {
  (void)state;
  const char *legacy_h = "struct legacy_record { long id; int kind; double stamp; char *name; };\n";
  const char *i386[] = {"--target=i386-linux-gnu"};
  struct fixture fixture = fresh();
  expect_status(cv_catalog_import_headers(fixture.catalog, &legacy_h, 1, i386, 1, &message), CV_OK, NULL);
  cv_type *legacy = NULL;
  expect_status(cv_type_resolve(fixture.registry, "struct legacy_record", 32, &legacy, &message), CV_ERROR_LAYOUT,
                "cannot lay out {legacy_record=\"id\"l\"kind\"i\"stamp\"d\"name\"*}: " I386_REFUSAL);
  assert_null(legacy);
  /* Headers read for this process are refused beside them, naming both ABIs; the catalog stays i386's. */
  const char *host_h = "struct host_record { long id; };\n";
  expect_status(cv_catalog_import_headers(fixture.catalog, &host_h, 1, NULL, 0, &message), CV_ERROR_IMPORT,
                "clang read the headers for x86_64-linux (x86_64-unknown-linux-gnu), but the catalog already holds "
                "types made for i386-linux; import each ABI's headers into a catalog of their own");
  expect_status(cv_type_resolve(fixture.registry, "struct host_record", 8, &legacy, &message),
                CV_ERROR_UNKNOWN_TYPE,
                "unknown type name \"struct host_record\" at offset 0 in \"struct host_record\"");
  /* Another i386 import is welcome: the catalog holds that ABI's types. */
  const char *more_h = "struct more_record { long count; };\n";
  const char *i386_split[] = {"-target", "i386-linux-gnu"};
  expect_status(cv_catalog_import_headers(fixture.catalog, &more_h, 1, i386_split, 2, &message), CV_OK, NULL);
  release(fixture);
  /* Headers read for this process leave a fresh catalog for this process's values. */
  fixture = fresh();
  expect_status(cv_catalog_import_headers(fixture.catalog, &legacy_h, 1, NULL, 0, &message), CV_OK, NULL);
  legacy = resolve(fixture, "struct legacy_record", 32);
  cv_type_free(legacy);
  release(fixture);
}

static int32_t always_equal(const void *a, const void *b) {
  (void)a;
  (void)b;
  return 1;
}

static int32_t print_nothing(char *buffer, size_t size, const void *value) {
  (void)value;
  return snprintf(buffer, size, "%s", "");
}

static void an_unknown_type_is_one_status_in_every_call(void **state) {
  (void)state;
  struct fixture fixture = fresh();
  const char *unknown = "unknown type name \"struct nope\" at offset 0 in \"struct nope\"";
  cv_type *handle = NULL;
  expect_status(cv_type_resolve(fixture.registry, "struct nope", 4, &handle, &message), CV_ERROR_UNKNOWN_TYPE,
                unknown);
  expect_status(cv_registry_register_ignored(fixture.registry, "struct nope", ".x", &message),
                CV_ERROR_UNKNOWN_TYPE, unknown);
  expect_status(cv_registry_register_comparer(fixture.registry, "struct nope", always_equal, "always_equal",
                                              CV_NONZERO_MEANS_EQUAL, &message),
                CV_ERROR_UNKNOWN_TYPE, unknown);
  expect_status(cv_registry_register_describer(fixture.registry, "struct nope", print_nothing, "print_nothing",
                                               &message),
                CV_ERROR_UNKNOWN_TYPE, unknown);
  cv_field_comparer by_text = {.size = sizeof by_text, .kind = CV_FIELD_C_STRING};
  expect_status(cv_registry_register_field_comparer(fixture.registry, "struct nope", ".x", &by_text, &message),
                CV_ERROR_UNKNOWN_TYPE, unknown);
  /* An encoding that does not parse stays CV_ERROR_ENCODING. */
  expect_status(cv_registry_register_ignored(fixture.registry, "{nope=i", ".x", &message), CV_ERROR_ENCODING,
                "unterminated struct at offset 7 in \"{nope=i\"");
  release(fixture);
}

static void an_empty_catalog_file_is_an_error(void **state) {
  (void)state;
  char *path = temporary_file("");
  char expected[4096];
  snprintf(expected, sizeof expected,
           "%s:1:1: not a catalog file: the JSON is malformed: unexpected end of file, expected a value", path);
  /* Several times: run under the leak check, each load frees what it read. */
  for (int round = 0; round < 3; round++) {
    struct fixture fixture = fresh();
    expect_status(cv_catalog_load_file(fixture.catalog, path, &message), CV_ERROR_CATALOG, expected);
    release(fixture);
  }
  unlink(path);
  free(path);
}

static void a_tolerance_on_a_field_with_no_floating_point_is_an_error(void **state) {
  (void)state;
  struct fixture fixture = fresh();
  cv_type *record = resolve(fixture, "{record=\"id\"q\"x\"d}", sizeof(struct record));
  cv_options *options = NULL;
  expect_status(cv_options_new(&options, &message), CV_OK, NULL);
  cv_tolerance loose = {.size = sizeof loose, .absolute = 1};
  expect_status(cv_options_set_tolerance(options, ".id", &loose, &message), CV_OK, NULL);
  struct record a = {1, 0.5}, b = {2, 0.5};
  cv_comparison result = {.size = sizeof result};
  expect_status(cv_compare(record, &a, &b, 1, options, &result, &message), CV_ERROR_OPTION,
                "a tolerance needs a floating-point field, and long long holds none (for .id)");
  cv_options_free(options);
  cv_type_free(record);
  release(fixture);
}

static void sizes_are_reported_as_sizes(void **state) {
  (void)state;
  struct fixture fixture = fresh();
  cv_type *point = resolve(fixture, "{point=\"x\"d\"y\"d}", sizeof(struct point));
  struct point a = {1.0, 2.0};
  cv_comparison result = {.size = sizeof result};
  expect_status(cv_compare(point, &a, &a, (size_t)-1, NULL, &result, &message), CV_ERROR_ARGUMENT,
                "count 18446744073709551615 is too large");
  char *text = NULL;
  expect_status(cv_describe(point, &a, (size_t)-1, &text, &message), CV_ERROR_ARGUMENT,
                "count 18446744073709551615 is too large");
  assert_null(text);
  expect_status(cv_parse(point, "{1, 2}", &a, (size_t)-1, &message), CV_ERROR_SIZE,
                "cv_parse: size 18446744073709551615 is not the type's size, 16 bytes");
  cv_type *handle = NULL;
  expect_status(cv_type_resolve(fixture.registry, "{point=\"x\"d\"y\"d}", (size_t)-1, &handle, &message),
                CV_ERROR_SIZE,
                "\"{point=\"x\"d\"y\"d}\" is 16 bytes in the catalog, but sizeof is 18446744073709551615 where it is "
                "used: the catalog was made for other compiler flags (-m32, #pragma pack, -fshort-enums?)");
  cv_options *options = NULL;
  expect_status(cv_options_new(&options, &message), CV_OK, NULL);
  const int64_t tags[] = {1};
  const char *const members[] = {"x"};
  expect_status(cv_options_set_union_tag(options, ".u", ".tag", tags, members, (size_t)-1, 0, &message),
                CV_ERROR_ARGUMENT, "cv_options_set_union_tag: members count 18446744073709551615 is too large");
  cv_options_free(options);
  cv_type_free(point);
  release(fixture);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_library_version_is_the_header_version),
      cmocka_unit_test(a_caller_with_a_shorter_struct_reads_and_gets_its_prefix),
      cmocka_unit_test(a_newer_caller_or_an_unset_size_is_refused),
      cmocka_unit_test(a_catalog_for_another_abi_is_refused_for_this_process),
      cmocka_unit_test(a_header_import_for_another_abi_is_refused_for_this_process),
      cmocka_unit_test(an_unknown_type_is_one_status_in_every_call),
      cmocka_unit_test(an_empty_catalog_file_is_an_error),
      cmocka_unit_test(a_tolerance_on_a_field_with_no_floating_point_is_an_error),
      cmocka_unit_test(sizes_are_reported_as_sizes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
