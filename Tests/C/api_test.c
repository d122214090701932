/* cvalue.h through cmocka, on system types from a catalog file the installed `cvalue import` wrote at test
 * time: every passing case, and every bad input with its status and exact message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <X11/Xlib.h>

#include "cvalue_test_support.h"

#include <cvalue_cmocka.h>

#include "cvalue_expect.h"

static struct cv_test_types types;

/* Compares and checks the report exactly (NULL: equal). */
static void expect_report(const cv_type *type, const void *actual, const void *expected, size_t count,
                          const cv_options *options, int64_t mismatches, const char *report) {
  cv_comparison result = {.size = sizeof result};
  char *message = NULL;
  assert_int_equal(cv_compare(type, actual, expected, count, options, &result, &message), CV_OK);
  assert_null(message);
  assert_int_equal(result.mismatch_count, mismatches);
  assert_int_equal(result.is_equal, report == NULL);
  if (report == NULL) {
    assert_null(result.report);
  } else {
    assert_string_equal(result.report, report);
  }
  cv_free(result.report);
}

static void expect_description(const cv_type *type, const void *value, size_t count, const char *text) {
  char *description = NULL;
  expect_status(cv_describe(type, value, count, &description, &message), CV_OK, NULL);
  assert_string_equal(description, text);
  cv_free(description);
}

static cv_options *new_options(void) {
  cv_options *options = NULL;
  expect_status(cv_options_new(&options, &message), CV_OK, NULL);
  return options;
}

/* MARK: - struct tcphdr: a union of two views, bitfields */

static void tcphdr_equal_values_are_equal(void **state) {
  (void)state;
  struct tcphdr a = cv_test_syn(), b = cv_test_syn();
  assert_cv_equal(types.tcphdr, &a, &b);
  expect_report(types.tcphdr, &a, &b, 1, NULL, 0, NULL);
}

static void tcphdr_report_names_both_views_unless_one_is_chosen(void **state) {
  (void)state;
  struct tcphdr a = cv_test_syn(), b = cv_test_syn();
  b.syn = 0;
  b.ack = 1;
  expect_report(types.tcphdr, &a, &b, 1, NULL, 3,
                "tcphdr values differ at 3 of 26 fields:\n"
                "  .th_flags: 2 ≠ 16\n"
                "  .syn: 1 ≠ 0\n"
                "  .ack: 0 ≠ 1\n"
                "  actual:   {{.th_sport = 20480, .th_dport = 36895, .th_seq = 16777216, .th_ack = 0, .th_x2 = 0, "
                ".th_off = 5, .th_flags = 2, .th_win = 2, .th_sum = 0, .th_urp = 0, .source = 20480, .dest = 36895, "
                ".seq = 16777216, .ack_seq = 0, .res1 = 0, .doff = 5, .fin = 0, .syn = 1, .rst = 0, .psh = 0, "
                ".ack = 0, .urg = 0, .res2 = 0, .window = 2, .check = 0, .urg_ptr = 0}}\n"
                "  expected: {{.th_sport = 20480, .th_dport = 36895, .th_seq = 16777216, .th_ack = 0, .th_x2 = 0, "
                ".th_off = 5, .th_flags = 16, .th_win = 2, .th_sum = 0, .th_urp = 0, .source = 20480, .dest = 36895, "
                ".seq = 16777216, .ack_seq = 0, .res1 = 0, .doff = 5, .fin = 0, .syn = 0, .rst = 0, .psh = 0, "
                ".ack = 1, .urg = 0, .res2 = 0, .window = 2, .check = 0, .urg_ptr = 0}}");
  cv_options *linux_view = new_options();
  expect_status(cv_options_set_union_member(linux_view, "", "syn", &message), CV_OK, NULL);
  expect_report(types.tcphdr, &a, &b, 1, linux_view, 2,
                "tcphdr values differ at 2 of 16 fields:\n"
                "  .syn: 1 ≠ 0\n"
                "  .ack: 0 ≠ 1\n"
                "  actual:   {{.source = 20480, .dest = 36895, .seq = 16777216, .ack_seq = 0, .res1 = 0, .doff = 5, "
                ".fin = 0, .syn = 1, .rst = 0, .psh = 0, .ack = 0, .urg = 0, .res2 = 0, .window = 2, .check = 0, "
                ".urg_ptr = 0}}\n"
                "  expected: {{.source = 20480, .dest = 36895, .seq = 16777216, .ack_seq = 0, .res1 = 0, .doff = 5, "
                ".fin = 0, .syn = 0, .rst = 0, .psh = 0, .ack = 1, .urg = 0, .res2 = 0, .window = 2, .check = 0, "
                ".urg_ptr = 0}}");
  cv_options_free(linux_view);
}

static void tcphdr_description_parses_back(void **state) {
  (void)state;
  struct tcphdr a = cv_test_syn(), parsed;
  char *text = NULL;
  expect_status(cv_describe(types.tcphdr, &a, 1, &text, &message), CV_OK, NULL);
  memset(&parsed, 0xAB, sizeof parsed);
  expect_status(cv_parse(types.tcphdr, text, &parsed, sizeof parsed, &message), CV_OK, NULL);
  assert_memory_equal(&parsed, &a, sizeof a);
  cv_free(text);
}

/* MARK: - struct sockaddr_in6 */

static void sockaddr_in6_reports_the_chosen_address_view(void **state) {
  (void)state;
  struct sockaddr_in6 a = cv_test_address(), b = cv_test_address();
  assert_cv_equal(types.sockaddr_in6, &a, &b);
  b.sin6_port = htons(444);
  b.sin6_addr.s6_addr[15] = 2;
  cv_options *bytes = new_options();
  expect_status(cv_options_set_union_member(bytes, ".sin6_addr.__in6_u", "__u6_addr8", &message), CV_OK, NULL);
  expect_report(types.sockaddr_in6, &a, &b, 1, bytes, 2,
                "sockaddr_in6 values differ at 2 of 20 fields:\n"
                "  .sin6_port: 47873 ≠ 48129\n"
                "  .sin6_addr.__in6_u.__u6_addr8[15]: 1 ≠ 2\n"
                "  actual:   {.sin6_family = 10, .sin6_port = 47873, .sin6_flowinfo = 0, .sin6_addr = {.__in6_u = "
                "{.__u6_addr8 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}}}, .sin6_scope_id = 0}\n"
                "  expected: {.sin6_family = 10, .sin6_port = 48129, .sin6_flowinfo = 0, .sin6_addr = {.__in6_u = "
                "{.__u6_addr8 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}}}, .sin6_scope_id = 0}");
  cv_options_free(bytes);
}

/* MARK: - struct epoll_event: packed on x86-64 */

static void epoll_event_packed_layout(void **state) {
  (void)state;
  struct epoll_event a = {.events = EPOLLIN, .data.u64 = 7}, b = {.events = EPOLLIN | EPOLLOUT, .data.u64 = 8};
  assert_int_equal(cv_type_size(types.epoll_event), sizeof(struct epoll_event));
  cv_options *u64 = new_options();
  expect_status(cv_options_set_union_member(u64, ".data", "u64", &message), CV_OK, NULL);
  expect_report(types.epoll_event, &a, &b, 1, u64, 2,
                "epoll_event values differ at 2 of 2 fields:\n"
                "  .events: 1 ≠ 5\n"
                "  .data.u64: 7 ≠ 8\n"
                "  actual:   {.events = 1, .data = {.u64 = 7}}\n"
                "  expected: {.events = 5, .data = {.u64 = 8}}");
  expect_description(types.epoll_event, &a, 1, "{.events = 1, .data = {.ptr = 0x7, .fd = 7, .u32 = 7, .u64 = 7}}");
  cv_options_free(u64);
}

/* MARK: - struct timex: nested struct, padding, bitfields */

static void timex_reports_nested_fields(void **state) {
  (void)state;
  struct timex a, b;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  a.freq = 100;
  b.freq = 101;
  b.time.tv_usec = 5;
  cv_options *one = new_options();
  expect_status(cv_options_set_max_reported(one, 1, &message), CV_OK, NULL);
  cv_comparison result = {.size = sizeof result};
  expect_status(cv_compare(types.timex, &a, &b, 1, one, &result, &message), CV_OK, NULL);
  assert_int_equal(result.mismatch_count, 2);
  assert_non_null(strstr(result.report, "timex values differ at 2 of 21 fields:\n  .freq: 100 ≠ 101\n  … and 1 more\n"));
  cv_free(result.report);
  cv_options_free(one);
}

/* MARK: - struct cv_message: a tagged union of the repository's own C test header */

static void tagged_union_compares_the_live_member(void **state) {
  (void)state;
  struct cv_message a = {.kind = CV_MESSAGE_NUMBER, .body.number = {42, 1.5f}}, b = a;
  b.body.number.scale = 2.5f;
  int64_t tags[] = {CV_MESSAGE_TEXT, CV_MESSAGE_NUMBER, CV_MESSAGE_POINT};
  const char *members[] = {"text", "number", "point"};
  cv_options *tagged = new_options();
  expect_status(cv_options_set_union_tag(tagged, ".body", ".kind", tags, members, 3, 0, &message), CV_OK, NULL);
  expect_report(types.message, &a, &b, 1, tagged, 1,
                "cv_message values differ at 1 of 3 fields:\n"
                "  .body.number.scale: 1.5 ≠ 2.5 (difference 1)\n"
                "  actual:   {.kind = CV_MESSAGE_NUMBER, .body = {.number = {.value = 42, .scale = 1.5}}}\n"
                "  expected: {.kind = CV_MESSAGE_NUMBER, .body = {.number = {.value = 42, .scale = 2.5}}}");
  /* Bytes of a member that is not live do not matter. */
  struct cv_message c = {.kind = CV_MESSAGE_POINT, .body.point = {1, 2}}, d = c;
  memset(d.body.text + 8, 0x55, 4);
  assert_cv_equal_options(types.message, &c, &d, tagged);
  cv_options_free(tagged);
}

/* MARK: - Floats: tolerances, NaN, -0 */

static void float_struct_within_tolerance(void **state) {
  (void)state;
  struct cv_point a = {1.0, 2.0}, b = {1.004, 2.0};
  expect_report(types.point, &a, &b, 1, NULL, 1,
                "cv_point values differ at 1 of 2 fields:\n"
                "  .x: 1 ≠ 1.004 (difference 0.0040000000000000036)\n"
                "  actual:   {.x = 1, .y = 2}\n"
                "  expected: {.x = 1.004, .y = 2}");
  cv_options *loose = new_options();
  cv_tolerance hundredth = {sizeof(cv_tolerance), 0.01, 0, 0, 0};
  expect_status(cv_options_set_tolerance(loose, NULL, &hundredth, &message), CV_OK, NULL);
  assert_cv_equal_options(types.point, &a, &b, loose);
  cv_options_free(loose);

  cv_options *per_field = new_options();
  expect_status(cv_options_set_tolerance(per_field, ".x", &hundredth, &message), CV_OK, NULL);
  assert_cv_equal_options(types.point, &a, &b, per_field);
  b.y = 2.001;
  expect_report(types.point, &a, &b, 1, per_field, 1,
                "cv_point values differ at 1 of 2 fields:\n"
                "  .y: 2 ≠ 2.001 (difference 0.0009999999999998899)\n"
                "  actual:   {.x = 1, .y = 2}\n"
                "  expected: {.x = 1.004, .y = 2.001}");
  cv_options_free(per_field);

  cv_options *relative = new_options();
  cv_tolerance one_percent = {sizeof(cv_tolerance), 0, 0.01, 0, 0};
  expect_status(cv_options_set_tolerance(relative, NULL, &one_percent, &message), CV_OK, NULL);
  assert_cv_equal_options(types.point, &a, &b, relative);
  cv_options_free(relative);

  cv_options *ulps = new_options();
  cv_tolerance four_ulps = {sizeof(cv_tolerance), 0, 0, 4, 0};
  struct cv_point c = {1.0, 2.0}, d = {nextafter(1.0, 2.0), 2.0};
  expect_status(cv_options_set_tolerance(ulps, NULL, &four_ulps, &message), CV_OK, NULL);
  assert_cv_equal_options(types.point, &c, &d, ulps);
  cv_options_free(ulps);
}

/* The comparison as JSON: the schema 1 object `cvalue compare --json` prints, for a program to read. */
static void comparison_json_is_the_schema_1_object(void **state) {
  (void)state;
  struct cv_point a = {1.0, 2.0}, b = {1.25, 2.0};
  cv_options *tenth = new_options();
  cv_tolerance absolute = {sizeof(cv_tolerance), 0.1, 0, 0, 0};
  expect_status(cv_options_set_tolerance(tenth, NULL, &absolute, &message), CV_OK, NULL);
  char *json = NULL;
  expect_status(cv_compare_json(types.point, &a, &b, 1, tenth, &json, &message), CV_OK, NULL);
  assert_string_equal(
      json,
      "{\"actual\":\"{.x = 1, .y = 2}\",\"comparedFieldCount\":2,\"expected\":\"{.x = 1.25, .y = 2}\","
      "\"ignoredPaths\":[],\"isEqual\":false,\"mismatchCount\":1,\"mismatches\":[{\"actual\":\"1\","
      "\"actualNumber\":1,\"difference\":0.25,\"expected\":\"1.25\",\"expectedNumber\":1.25,\"offset\":0,"
      "\"path\":\".x\",\"tolerance\":{\"absolute\":0.1,\"bitwise\":false,\"nanEqualsNaN\":false,\"relative\":0,"
      "\"text\":\"0.1\",\"ulps\":0}}],\"schema\":1,\"strategy\":\"structural\","
      "\"type\":\"{cv_point=\\\"x\\\"d\\\"y\\\"d}\",\"typeName\":\"cv_point\"}");
  cv_free(json);
  /* Equal values are an object too, without the values. */
  expect_status(cv_compare_json(types.point, &a, &a, 1, NULL, &json, &message), CV_OK, NULL);
  assert_string_equal(json, "{\"comparedFieldCount\":2,\"ignoredPaths\":[],\"isEqual\":true,\"mismatchCount\":0,"
                            "\"mismatches\":[],\"schema\":1,\"strategy\":\"structural\","
                            "\"type\":\"{cv_point=\\\"x\\\"d\\\"y\\\"d}\",\"typeName\":\"cv_point\"}");
  cv_free(json);
  /* A missing out-parameter is an argument error, and nothing is handed out. */
  expect_status(cv_compare_json(types.point, &a, &b, 1, NULL, NULL, &message), CV_ERROR_ARGUMENT,
                "cv_compare_json: json is NULL");
  json = (char *)&a;
  expect_status(cv_compare_json(types.point, NULL, &b, 1, NULL, &json, &message), CV_ERROR_ARGUMENT,
                "cv_compare_json: actual is NULL");
  assert_null(json);
  cv_options_free(tenth);
}

/* The comparison's report in a format of the caller's: the text cv_compare's report is (one line for equal
 * values), the JSON cv_compare_json writes; a format that is none is an argument error, handing out nothing. */
static void comparison_report_in_each_format(void **state) {
  (void)state;
  struct cv_point a = {1.0, 2.0}, b = {1.25, 2.0};
  char *report = NULL;
  expect_status(cv_compare_report(types.point, &a, &b, 1, NULL, CV_REPORT_TEXT, &report, &message), CV_OK, NULL);
  assert_string_equal(report, "cv_point values differ at 1 of 2 fields:\n"
                              "  .x: 1 ≠ 1.25 (difference 0.25)\n"
                              "  actual:   {.x = 1, .y = 2}\n"
                              "  expected: {.x = 1.25, .y = 2}");
  cv_free(report);
  expect_status(cv_compare_report(types.point, &a, &a, 1, NULL, CV_REPORT_TEXT, &report, &message), CV_OK, NULL);
  assert_string_equal(report, "cv_point values are equal");
  cv_free(report);
  /* JSON: cv_compare_json's object, to the byte. */
  char *json = NULL;
  expect_status(cv_compare_report(types.point, &a, &b, 1, NULL, CV_REPORT_JSON, &report, &message), CV_OK, NULL);
  expect_status(cv_compare_json(types.point, &a, &b, 1, NULL, &json, &message), CV_OK, NULL);
  assert_string_equal(report, json);
  assert_string_equal(report,
                      "{\"actual\":\"{.x = 1, .y = 2}\",\"comparedFieldCount\":2,\"expected\":\"{.x = 1.25, .y = 2}\","
                      "\"ignoredPaths\":[],\"isEqual\":false,\"mismatchCount\":1,\"mismatches\":[{\"actual\":\"1\","
                      "\"actualNumber\":1,\"difference\":0.25,\"expected\":\"1.25\",\"expectedNumber\":1.25,\"offset\":0,"
                      "\"path\":\".x\",\"tolerance\":{\"absolute\":0,\"bitwise\":false,\"nanEqualsNaN\":false,\"relative\":0,"
                      "\"text\":\"exact\",\"ulps\":0}}],\"schema\":1,\"strategy\":\"structural\","
                      "\"type\":\"{cv_point=\\\"x\\\"d\\\"y\\\"d}\",\"typeName\":\"cv_point\"}");
  cv_free(report);
  cv_free(json);
  /* A format that is none, and a missing out-parameter: argument errors, and nothing is handed out. */
  report = (char *)&a;
  expect_status(cv_compare_report(types.point, &a, &b, 1, NULL, 7, &report, &message), CV_ERROR_ARGUMENT,
                "cv_compare_report: format 7 is no CV_REPORT_ value (CV_REPORT_TEXT, CV_REPORT_JSON)");
  assert_null(report);
  expect_status(cv_compare_report(types.point, &a, &b, 1, NULL, CV_REPORT_TEXT, NULL, &message), CV_ERROR_ARGUMENT,
                "cv_compare_report: report is NULL");
  report = (char *)&a;
  expect_status(cv_compare_report(NULL, &a, &b, 1, NULL, CV_REPORT_JSON, &report, &message), CV_ERROR_ARGUMENT,
                "cv_compare_report: type is NULL");
  assert_null(report);
}

static void nan_and_negative_zero_rules(void **state) {
  (void)state;
  struct cv_point nan_a = {NAN, 0.0}, nan_b = {NAN, -0.0};
  expect_report(types.point, &nan_a, &nan_b, 1, NULL, 1,
                "cv_point values differ at 1 of 2 fields:\n"
                "  .x: nan ≠ nan (difference nan)\n"
                "  actual:   {.x = nan, .y = 0}\n"
                "  expected: {.x = nan, .y = -0.0}");
  cv_options *nan = new_options();
  cv_tolerance nan_equal = {sizeof(cv_tolerance), 0, 0, 0, CV_FLOAT_NAN_EQUALS_NAN};
  expect_status(cv_options_set_tolerance(nan, NULL, &nan_equal, &message), CV_OK, NULL);
  assert_cv_equal_options(types.point, &nan_a, &nan_b, nan);
  cv_options_free(nan);

  struct cv_point zero = {0.0, 1.0}, negative_zero = {-0.0, 1.0};
  assert_cv_equal(types.point, &zero, &negative_zero);
  cv_options *bitwise = new_options();
  cv_tolerance bits = {sizeof(cv_tolerance), 0, 0, 0, CV_FLOAT_BITWISE};
  expect_status(cv_options_set_tolerance(bitwise, NULL, &bits, &message), CV_OK, NULL);
  expect_report(types.point, &zero, &negative_zero, 1, bitwise, 1,
                "cv_point values differ at 1 of 2 fields:\n"
                "  .x: 0 ≠ -0.0 (difference 0, tolerance bitwise)\n"
                "  actual:   {.x = 0, .y = 1}\n"
                "  expected: {.x = -0.0, .y = 1}");
  cv_options_free(bitwise);
}

/* MARK: - Arrays, names, encodings, parsing */

static void arrays_report_element_paths(void **state) {
  (void)state;
  struct cv_point a[3] = {{1, 2}, {3, 4}, {5, 6}}, b[3] = {{1, 2}, {3, 4.5}, {5, 6}};
  expect_report(types.point, a, b, 3, NULL, 1,
                "struct cv_point [3] values differ at 1 of 6 fields:\n"
                "  [1].y: 4 ≠ 4.5 (difference 0.5)\n"
                "  actual:   {{.x = 1, .y = 2}, {.x = 3, .y = 4}, {.x = 5, .y = 6}}\n"
                "  expected: {{.x = 1, .y = 2}, {.x = 3, .y = 4.5}, {.x = 5, .y = 6}}");
  expect_description(types.point, a, 3, "{{.x = 1, .y = 2}, {.x = 3, .y = 4}, {.x = 5, .y = 6}}");
}

struct vec2 {
  float x, y;
};

static void names_and_encodings_resolve(void **state) {
  (void)state;
  cv_type *vec2 = NULL, *by_encoding = NULL;
  expect_status(cv_catalog_register_name(types.catalog, "vec2", "{vec2=\"x\"f\"y\"f}", &message), CV_OK, NULL);
  expect_status(cv_type_resolve(types.registry, "vec2", sizeof(struct vec2), &vec2, &message), CV_OK, NULL);
  expect_status(cv_type_resolve(types.registry, "{vec2=\"x\"f\"y\"f}", 8, &by_encoding, &message), CV_OK, NULL);
  struct vec2 a = {1, 2}, b = {1, 3};
  expect_report(vec2, &a, &b, 1, NULL, 1,
                "vec2 values differ at 1 of 2 fields:\n"
                "  .y: 2 ≠ 3 (difference 1)\n"
                "  actual:   {.x = 1, .y = 2}\n"
                "  expected: {.x = 1, .y = 3}");
  struct vec2 parsed;
  expect_status(cv_parse(by_encoding, "{.y = -2.5, .x = 0x1p-1}", &parsed, sizeof parsed, &message), CV_OK, NULL);
  assert_true(parsed.x == 0.5f && parsed.y == -2.5f);
  cv_type_free(vec2);
  cv_type_free(by_encoding);
}

/* MARK: - C comparers and describers */

static int32_t same_port(const void *actual, const void *expected) {
  return ((const struct sockaddr_in6 *)actual)->sin6_port == ((const struct sockaddr_in6 *)expected)->sin6_port;
}

static int32_t compare_values(const void *actual, const void *expected) {
  return memcmp(actual, expected, sizeof(struct cv_point));
}

static int32_t print_point(char *buffer, size_t size, const void *value) {
  const struct cv_point *point = value;
  return snprintf(buffer, size, "(%g | %g)", point->x, point->y);
}

static void c_functions_decide_and_describe(void **state) {
  (void)state;
  cv_registry *registry = NULL;
  cv_type *address = NULL, *point = NULL;
  expect_status(cv_registry_new(types.catalog, &registry, &message), CV_OK, NULL);
  expect_status(cv_registry_register_comparer(registry, "struct sockaddr_in6", same_port, "same_port",
                                                CV_NONZERO_MEANS_EQUAL, &message),
                CV_OK, NULL);
  expect_status(cv_registry_register_comparer(registry, "struct cv_point", compare_values, "compare_values",
                                                CV_ZERO_MEANS_EQUAL, &message),
                CV_OK, NULL);
  expect_status(cv_registry_register_describer(registry, "struct cv_point", print_point, "print_point", &message),
                CV_OK, NULL);
  expect_status(cv_type_resolve(registry, "struct sockaddr_in6", sizeof(struct sockaddr_in6), &address, &message),
                CV_OK, NULL);
  expect_status(cv_type_resolve(registry, "struct cv_point", sizeof(struct cv_point), &point, &message), CV_OK,
                NULL);
  struct sockaddr_in6 a = cv_test_address(), b = cv_test_address();
  b.sin6_flowinfo = 9;
  assert_cv_equal(address, &a, &b);
  struct cv_point p = {0.0, 1.0}, q = {-0.0, 1.0};
  expect_report(point, &p, &q, 1, NULL, 1,
                "cv_point values differ at 1 of 1 field (C function compare_values):\n"
                "  value: (0 | 1) ≠ (-0 | 1)\n"
                "  actual:   (0 | 1)\n"
                "  expected: (-0 | 1)");
  expect_description(point, &p, 1, "(0 | 1)");
  cv_type_free(address);
  cv_type_free(point);
  cv_registry_free(registry);
}

/* MARK: - Field options: ignored paths and per-field comparers */

/* A receiver checks the low 16 bits of a checksum only. */
static int32_t low16_equal(const void *actual, const void *expected) {
  return (*(const uint32_t *)actual & 0xffffu) == (*(const uint32_t *)expected & 0xffffu);
}

static struct cv_packet packet(uint16_t kind, uint32_t checksum) {
  struct cv_packet value;
  memset(&value, 0, sizeof value);
  value.kind = kind;
  value.length = 4;
  value.checksum = checksum;
  for (uint8_t i = 0; i < 4; i++) value.payload[i] = (uint8_t)(i + 1);
  return value;
}

static cv_type *resolve(cv_registry *registry, const char *name, size_t size) {
  cv_type *type = NULL;
  expect_status(cv_type_resolve(registry, name, size, &type, &message), CV_OK, NULL);
  return type;
}

static void options_ignore_paths_and_compare_fields_their_way(void **state) {
  (void)state;
  cv_type *type = resolve(types.registry, "struct cv_packet", sizeof(struct cv_packet));
  struct cv_packet a = packet(1, 0x1111abcdu), b = packet(1, 0x2222abcdu), c = packet(2, 0x1111abceu);
  cv_options *options = new_options();
  cv_field_comparer low16 = {sizeof(cv_field_comparer), CV_FIELD_FUNCTION, low16_equal, "low16_equal", CV_NONZERO_MEANS_EQUAL, NULL};
  expect_status(cv_options_set_comparer(options, ".checksum", &low16, &message), CV_OK, NULL);
  expect_report(type, &a, &b, 1, options, 0, NULL);
  expect_status(cv_options_ignore(options, ".kind", &message), CV_OK, NULL);
  expect_report(type, &a, &c, 1, options, 1,
                "cv_packet values differ at 1 of 8 fields:\n"
                "  .checksum: 286370765 ≠ 286370766\n"
                "  ignored: .kind\n"
                "  actual:   {.kind = 1, .length = 4, .checksum = 286370765, .name = NULL, .origin = NULL, "
                ".payload = {1, 2, 3, 4}}\n"
                "  expected: {.kind = 2, .length = 4, .checksum = 286370766, .name = NULL, .origin = NULL, "
                ".payload = {1, 2, 3, 4}}");
  /* The name as a C string, the origin by the point it points to: other addresses, same contents. */
  char first[] = "eth0", second[] = "eth0", third[] = "eth1";
  struct cv_point p = {1, 2}, q = {1, 2}, r = {1, 3};
  a.name = first;
  a.origin = &p;
  b = a;
  b.name = second;
  b.origin = &q;
  cv_field_comparer c_string = {sizeof(cv_field_comparer), CV_FIELD_C_STRING, NULL, NULL, 0, NULL};
  cv_field_comparer pointee = {sizeof(cv_field_comparer), CV_FIELD_POINTEE, NULL, NULL, 0, types.point};
  cv_comparison result = {.size = sizeof result};
  expect_status(cv_compare(type, &a, &b, 1, options, &result, &message), CV_OK, NULL);
  assert_int_equal(result.mismatch_count, 2);
  cv_free(result.report);
  expect_status(cv_options_set_comparer(options, ".name", &c_string, &message), CV_OK, NULL);
  expect_status(cv_options_set_comparer(options, ".origin", &pointee, &message), CV_OK, NULL);
  expect_report(type, &a, &b, 1, options, 0, NULL);
  b.name = third;
  b.origin = &r;
  expect_status(cv_compare(type, &a, &b, 1, options, &result, &message), CV_OK, NULL);
  assert_int_equal(result.mismatch_count, 2);
  assert_non_null(strstr(result.report, "  .name: 0x"));
  assert_non_null(strstr(result.report, " /* \"eth0\" */ ≠ 0x"));
  assert_non_null(strstr(result.report, " /* \"eth1\" */\n  .origin: 0x"));
  cv_free(result.report);
  cv_options_free(options);
  cv_type_free(type);
}

static void registries_ignore_paths_and_compare_fields_their_way(void **state) {
  (void)state;
  cv_registry *registry = NULL;
  expect_status(cv_registry_new(types.catalog, &registry, &message), CV_OK, NULL);
  expect_status(cv_registry_register_ignored(registry, "struct cv_row", ".stamp", &message), CV_OK, NULL);
  cv_field_comparer low16 = {sizeof(cv_field_comparer), CV_FIELD_FUNCTION, low16_equal, "low16_equal", CV_NONZERO_MEANS_EQUAL, NULL};
  expect_status(cv_registry_register_field_comparer(registry, "struct cv_log", ".sequence", &low16, &message), CV_OK,
                NULL);
  cv_type *log = resolve(registry, "struct cv_log", sizeof(struct cv_log));
  struct cv_log a = {0x10001, {{1, 100}, {2, 200}, {3, 300}}}, b = {0x20001, {{1, 101}, {2, 201}, {4, 301}}};
  expect_report(log, &a, &b, 1, NULL, 1,
                "cv_log values differ at 1 of 4 fields:\n"
                "  .rows[2].value: 3 ≠ 4\n"
                "  ignored: .rows[*].stamp\n"
                "  actual:   {.sequence = 65537, .rows = {{.value = 1, .stamp = 100}, {.value = 2, .stamp = 200}, "
                "{.value = 3, .stamp = 300}}}\n"
                "  expected: {.sequence = 131073, .rows = {{.value = 1, .stamp = 101}, {.value = 2, .stamp = 201}, "
                "{.value = 4, .stamp = 301}}}");
  /* Options add ignored paths to the registered ones. */
  cv_options *options = new_options();
  expect_status(cv_options_ignore(options, ".rows[*].value", &message), CV_OK, NULL);
  expect_report(log, &a, &b, 1, options, 0, NULL);
  cv_options_free(options);
  cv_type_free(log);
  cv_registry_free(registry);
}

/* cv_compare checks the values once: a C comparer counts the reads. */
static int point_reads = 0;

static int32_t counted_x_equal(const void *actual, const void *expected) {
  point_reads++;
  return *(const double *)actual == *(const double *)expected;
}

static void cv_compare_checks_the_values_once(void **state) {
  (void)state;
  cv_registry *registry = NULL;
  expect_status(cv_registry_new(types.catalog, &registry, &message), CV_OK, NULL);
  cv_field_comparer counted = {sizeof(cv_field_comparer), CV_FIELD_FUNCTION, counted_x_equal, "counted_x_equal",
                               CV_NONZERO_MEANS_EQUAL, NULL};
  expect_status(cv_registry_register_field_comparer(registry, "struct cv_point", ".x", &counted, &message), CV_OK,
                NULL);
  cv_type *point = resolve(registry, "struct cv_point", sizeof(struct cv_point));
  struct cv_point a = {1, 2}, b = {1, 2};
  /* Equal values: the check reads .x once, and nothing else runs. */
  point_reads = 0;
  expect_report(point, &a, &b, 1, NULL, 0, NULL);
  assert_int_equal(point_reads, 1);
  /* Values that differ: once by the check, once by the walk (a second check made it three). */
  point_reads = 0;
  b.y = 5;
  expect_report(point, &a, &b, 1, NULL, 1,
                "cv_point values differ at 1 of 2 fields:\n"
                "  .y: 2 ≠ 5 (difference 3)\n"
                "  actual:   {.x = 1, .y = 2}\n"
                "  expected: {.x = 1, .y = 5}");
  assert_int_equal(point_reads, 2);
  cv_type_free(point);
  cv_registry_free(registry);
}

static void field_options_that_do_not_fit(void **state) {
  (void)state;
  struct cv_packet a = packet(1, 0);
  cv_comparison result = {.size = sizeof result};
  cv_type *type = resolve(types.registry, "struct cv_packet", sizeof(struct cv_packet));
  cv_field_comparer c_string = {sizeof(cv_field_comparer), CV_FIELD_C_STRING, NULL, NULL, 0, NULL};
  cv_field_comparer pointee = {sizeof(cv_field_comparer), CV_FIELD_POINTEE, NULL, NULL, 0, types.point};
  cv_field_comparer unknown = {sizeof(cv_field_comparer), 7, NULL, NULL, 0, NULL};
  cv_field_comparer no_function = {sizeof(cv_field_comparer), CV_FIELD_FUNCTION, NULL, "f", CV_NONZERO_MEANS_EQUAL, NULL};
  cv_field_comparer bad_result = {sizeof(cv_field_comparer), CV_FIELD_FUNCTION, low16_equal, "low16_equal", 3, NULL};
  cv_field_comparer no_pointee = {sizeof(cv_field_comparer), CV_FIELD_POINTEE, NULL, NULL, 0, NULL};
  /* Paths that name nothing: CV_ERROR_PATH, when comparing with options and when registering. */
  cv_options *options = new_options();
  expect_status(cv_options_ignore(options, ".kind..", &message), CV_ERROR_PATH,
                "ignored path: malformed field path \".kind..\" at offset 6");
  expect_status(cv_options_ignore(options, ".checksm", &message), CV_OK, NULL);
  expect_status(cv_compare(type, &a, &a, 1, options, &result, &message), CV_ERROR_PATH,
                "struct cv_packet has no field .checksm");
  cv_options_free(options);
  expect_status(cv_registry_register_ignored(types.registry, "struct cv_log", ".rows[1].stamp", &message),
                CV_ERROR_PATH,
                "{cv_log=\"sequence\"I\"rows\"[3{cv_row=\"value\"i\"stamp\"I}]}: .rows[1].stamp names one array "
                "element; ignored paths and field comparers apply "
                "to every element, written [*]");
  expect_status(cv_registry_register_field_comparer(types.registry, "struct cv_packet", ".nam", &c_string, &message),
                CV_ERROR_PATH, "struct cv_packet has no field .nam");
  /* Comparers that do not fit the field: CV_ERROR_OPTION. */
  options = new_options();
  expect_status(cv_options_set_comparer(options, ".kind", &c_string, &message), CV_OK, NULL);
  expect_status(cv_compare(type, &a, &a, 1, options, &result, &message), CV_ERROR_OPTION,
                "struct cv_packet: the comparer cString does not fit .kind (unsigned short)");
  cv_options_free(options);
  expect_status(cv_registry_register_field_comparer(types.registry, "struct cv_packet", ".checksum", &pointee,
                                                    &message),
                CV_ERROR_OPTION, "struct cv_packet: the comparer pointee(struct cv_point) does not fit .checksum (unsigned int)");
  /* Malformed comparers: CV_ERROR_ARGUMENT, naming the member. */
  options = new_options();
  expect_status(cv_options_set_comparer(options, ".kind", NULL, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_comparer: comparer is NULL");
  expect_status(cv_options_set_comparer(options, ".kind", &unknown, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_comparer: comparer->kind 7 is none of CV_FIELD_FUNCTION, CV_FIELD_C_STRING, "
                "CV_FIELD_POINTEE");
  expect_status(cv_options_set_comparer(options, ".kind", &no_function, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_comparer: comparer->function is NULL");
  expect_status(cv_options_set_comparer(options, ".kind", &bad_result, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_comparer: comparer->result 3 is neither CV_NONZERO_MEANS_EQUAL nor "
                "CV_ZERO_MEANS_EQUAL");
  expect_status(cv_options_set_comparer(options, ".kind", &no_pointee, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_comparer: comparer->pointee is NULL");
  expect_status(cv_options_set_comparer(options, NULL, &c_string, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_comparer: path is NULL");
  expect_status(cv_options_ignore(NULL, ".kind", &message), CV_ERROR_ARGUMENT, "cv_options_ignore: options is NULL");
  expect_status(cv_registry_register_ignored(types.registry, "struct cv_log", NULL, &message), CV_ERROR_ARGUMENT,
                "cv_registry_register_ignored: path is NULL");
  cv_options_free(options);
  cv_type_free(type);
}

/* MARK: - Bad input: a status and a message, never a crash */

static void null_arguments(void **state) {
  (void)state;
  cv_catalog *catalog = NULL;
  cv_registry *registry = NULL;
  cv_type *type = NULL;
  cv_options *options = NULL;
  cv_comparison result = {.size = sizeof result};
  char *text = NULL;
  struct cv_point p = {0, 0};
  cv_tolerance none = {sizeof(cv_tolerance), 0, 0, 0, 0};
  expect_status(cv_catalog_new(NULL, &message), CV_ERROR_ARGUMENT, "cv_catalog_new: catalog is NULL");
  expect_status(cv_catalog_load_file(NULL, "x", &message), CV_ERROR_ARGUMENT, "cv_catalog_load_file: catalog is NULL");
  expect_status(cv_catalog_load_file(types.catalog, NULL, &message), CV_ERROR_ARGUMENT,
                "cv_catalog_load_file: path is NULL");
  expect_status(cv_catalog_import_headers(types.catalog, NULL, 1, NULL, 0, &message), CV_ERROR_ARGUMENT,
                "cv_catalog_import_headers: headers is NULL");
  expect_status(cv_catalog_import_headers(types.catalog, NULL, 0, NULL, 0, &message), CV_ERROR_ARGUMENT,
                "cv_catalog_import_headers: no headers");
  expect_status(cv_catalog_register_name(types.catalog, "name", NULL, &message), CV_ERROR_ARGUMENT,
                "cv_catalog_register_name: encoding is NULL");
  expect_status(cv_registry_new(NULL, &registry, &message), CV_ERROR_ARGUMENT, "cv_registry_new: catalog is NULL");
  expect_status(cv_registry_new(types.catalog, NULL, &message), CV_ERROR_ARGUMENT,
                "cv_registry_new: registry is NULL");
  expect_status(cv_registry_register_comparer(types.registry, "struct cv_point", NULL, "f", 0, &message),
                CV_ERROR_ARGUMENT, "cv_registry_register_comparer: function is NULL");
  expect_status(cv_registry_register_describer(types.registry, NULL, print_point, "f", &message), CV_ERROR_ARGUMENT,
                "cv_registry_register_describer: type is NULL");
  expect_status(cv_type_resolve(NULL, "int", 4, &type, &message), CV_ERROR_ARGUMENT,
                "cv_type_resolve: registry is NULL");
  expect_status(cv_type_resolve(types.registry, NULL, 4, &type, &message), CV_ERROR_ARGUMENT,
                "cv_type_resolve: type is NULL");
  expect_status(cv_type_resolve(types.registry, "int", 4, NULL, &message), CV_ERROR_ARGUMENT,
                "cv_type_resolve: handle is NULL");
  expect_status(cv_options_new(NULL, &message), CV_ERROR_ARGUMENT, "cv_options_new: options is NULL");
  expect_status(cv_options_set_tolerance(NULL, NULL, &none, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_tolerance: options is NULL");
  expect_status(cv_compare(NULL, &p, &p, 1, NULL, &result, &message), CV_ERROR_ARGUMENT, "cv_compare: type is NULL");
  assert_int_equal(result.is_equal, 0);
  assert_null(result.report);
  expect_status(cv_compare(types.point, &p, NULL, 1, NULL, &result, &message), CV_ERROR_ARGUMENT,
                "cv_compare: expected is NULL");
  expect_status(cv_compare(types.point, &p, &p, 1, NULL, NULL, &message), CV_ERROR_ARGUMENT,
                "cv_compare: result is NULL");
  expect_status(cv_describe(types.point, NULL, 1, &text, &message), CV_ERROR_ARGUMENT, "cv_describe: value is NULL");
  expect_status(cv_parse(types.point, NULL, &p, sizeof p, &message), CV_ERROR_ARGUMENT, "cv_parse: literal is NULL");
  /* NULL handles free as nothing, a NULL message is allowed, and a NULL type has size 0. */
  cv_catalog_free(catalog);
  cv_registry_free(NULL);
  cv_type_free(NULL);
  cv_options_free(options);
  cv_free(NULL);
  assert_int_equal(cv_type_size(NULL), 0);
  assert_int_equal(cv_compare(NULL, &p, &p, 1, NULL, &result, NULL), CV_ERROR_ARGUMENT);
  assert_string_equal(cv_status_name(99), "CV_UNKNOWN_STATUS");
}

static void unknown_types_and_sizes(void **state) {
  (void)state;
  cv_type *type = (cv_type *)&type;
  expect_status(cv_type_resolve(types.registry, "struct nosuch", 8, &type, &message), CV_ERROR_UNKNOWN_TYPE,
                "unknown type name \"struct nosuch\" at offset 0 in \"struct nosuch\"");
  assert_null(type);
  expect_status(cv_type_resolve(types.registry, "struct timex", sizeof(struct timex) - 8, &type, &message),
                CV_ERROR_SIZE,
                "\"struct timex\" is 208 bytes in the catalog, but sizeof is 200 where it is used: the catalog was "
                "made for other compiler flags (-m32, #pragma pack, -fshort-enums?)");
  expect_status(cv_type_resolve(types.registry, "{nosuch}", 8, &type, &message), CV_ERROR_LAYOUT,
                "cannot lay out \"{nosuch}\": layout unknown for struct nosuch: the encoding omits its members and no "
                "definition is registered");
  struct cv_point p = {0, 0};
  expect_status(cv_parse(types.point, "{1}", &p, 4, &message), CV_ERROR_SIZE,
                "cv_parse: size 4 is not the type's size, 16 bytes");
}

static void malformed_encodings_paths_and_literals(void **state) {
  (void)state;
  cv_type *type = NULL;
  struct cv_point p = {0, 0}, q = {0, 1};
  cv_comparison result = {.size = sizeof result};
  expect_status(cv_type_resolve(types.registry, "{nosuch=ii", 8, &type, &message), CV_ERROR_ENCODING,
                "unterminated struct at offset 10 in \"{nosuch=ii\"");
  expect_status(cv_catalog_register_name(types.catalog, "vec3", "{vec3=fff", &message), CV_ERROR_ENCODING,
                "unterminated struct at offset 9 in \"{vec3=fff\"");
  expect_status(cv_catalog_register_name(types.catalog, "9bad", "{vec3=fff}", &message), CV_ERROR_CATALOG,
                "\"9bad\" cannot be a type name: use letters, digits and _, starting with a letter or _");
  cv_options *options = new_options();
  cv_tolerance hundredth = {sizeof(cv_tolerance), 0.01, 0, 0, 0};
  expect_status(cv_options_set_tolerance(options, ".x..", &hundredth, &message), CV_ERROR_PATH,
                "tolerance path: malformed field path \".x..\" at offset 3");
  expect_status(cv_options_set_tolerance(options, ".z", &hundredth, &message), CV_OK, NULL);
  expect_status(cv_compare(types.point, &p, &q, 1, options, &result, &message), CV_ERROR_PATH,
                "{cv_point=\"x\"d\"y\"d} has no field .z");
  cv_options_free(options);
  expect_status(cv_parse(types.point, "{.x = 1.5, .z = -2}", &p, sizeof p, &message), CV_ERROR_LITERAL,
                "no member named 'z' in struct cv_point at offset 12 in \"{.x = 1.5, .z = -2}\"");
  expect_status(cv_parse(types.point, "{.x = 1.5", &p, sizeof p, &message), CV_ERROR_LITERAL,
                "unterminated '{' at offset 0 in \"{.x = 1.5\"");
}

static void options_that_do_not_fit(void **state) {
  (void)state;
  struct cv_point p = {0, 0};
  struct cv_message m = {.kind = CV_MESSAGE_TEXT};
  cv_comparison result = {.size = sizeof result};
  cv_options *options = new_options();
  cv_tolerance negative = {sizeof(cv_tolerance), -1, 0, 0, 0}, unknown_flag = {sizeof(cv_tolerance), 0, 0, 0, 8};
  expect_status(cv_options_set_tolerance(options, NULL, &unknown_flag, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_tolerance: unknown flags 0x8");
  expect_status(cv_options_set_tolerance(options, NULL, &negative, &message), CV_OK, NULL);
  expect_status(cv_compare(types.point, &p, &p, 1, options, &result, &message), CV_ERROR_OPTION,
                "absolute tolerance -1 is not a finite number ≥ 0");
  cv_options_free(options);
  options = new_options();
  expect_status(cv_options_set_union_member(options, ".body", "nope", &message), CV_OK, NULL);
  expect_status(cv_compare(types.message, &m, &m, 1, options, &result, &message), CV_ERROR_OPTION,
                "struct cv_message: .body: no union there has a member \"nope\", nor an anonymous member holding it "
                "(members: text, number, point)");
  expect_status(cv_options_set_max_reported(options, 0, &message), CV_ERROR_ARGUMENT,
                "cv_options_set_max_reported: count 0 is below 1");
  cv_options_free(options);
  expect_status(cv_registry_register_comparer(types.registry, "struct cv_point", compare_values, "f", 7, &message),
                CV_ERROR_ARGUMENT,
                "cv_registry_register_comparer: result 7 is neither CV_NONZERO_MEANS_EQUAL nor CV_ZERO_MEANS_EQUAL");
}

static void catalog_files_and_imports_that_fail(void **state) {
  (void)state;
  char path[] = "/tmp/cvalue-bad-catalog-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, "{\"formatVersion\": 1,", 20), 20);
  close(fd);
  char expected[256];
  snprintf(expected, sizeof expected,
           "%s:1:21: not a catalog file: the JSON is malformed: unexpected end of file, expected a string key", path);
  expect_status(cv_catalog_load_file(types.catalog, path, &message), CV_ERROR_CATALOG, expected);
  unlink(path);
  expect_status(cv_catalog_load_file(types.catalog, "/nonexistent/types.json", &message), CV_ERROR_CATALOG,
                "/nonexistent/types.json: cannot read the catalog file: No such file or directory");
  const char *headers[] = {"no/such/header.h"};
  cv_status status;
  char *message = NULL;
  status = cv_catalog_import_headers(types.catalog, headers, 1, NULL, 0, &message);
  assert_int_equal(status, CV_ERROR_IMPORT);
  /* Without libclang the message says where it looked instead. */
  if (strstr(message, "libclang") == NULL) {
    assert_string_equal(message,
                        "the header \"no/such/header.h\" was not found; pass its directory with -I, or give its path");
  }
  cv_free(message);
}

static void headers_import_through_libclang(void **state) {
  (void)state;
  cv_catalog *catalog = NULL;
  cv_registry *registry = NULL;
  cv_type *pair = NULL;
  char directory[] = "/tmp/cvalue-import-XXXXXX", path[64];
  const char *headers[] = {"pair.h"};
  const char *arguments[] = {"-I", directory};
  assert_non_null(mkdtemp(directory));
  snprintf(path, sizeof path, "%s/pair.h", directory);
  FILE *header = fopen(path, "w");
  assert_non_null(header);
  fputs("struct pair { char tag; long long value; };\n", header);
  fclose(header);
  expect_status(cv_catalog_new(&catalog, &message), CV_OK, NULL);
  cv_status imported = cv_catalog_import_headers(catalog, headers, 1, arguments, 2, NULL);
  unlink(path);
  rmdir(directory);
  assert_string_equal(cv_status_name(imported), "CV_OK");
  expect_status(cv_registry_new(catalog, &registry, &message), CV_OK, NULL);
  expect_status(cv_type_resolve(registry, "struct pair", 16, &pair, &message), CV_OK, NULL);
  struct {
    char tag;
    long long value;
  } a = {'a', 1}, b = {'a', 2};
  expect_report(pair, &a, &b, 1, NULL, 1,
                "pair values differ at 1 of 2 fields:\n"
                "  .value: 1 ≠ 2\n"
                "  actual:   {.tag = 97, .value = 1}\n"
                "  expected: {.tag = 97, .value = 2}");
  cv_type_free(pair);
  cv_registry_free(registry);
  cv_catalog_free(catalog);
}

/* X11's XEvent: every member starts with `int type` (C11 6.5.2.3), so the tag rule reads .type at the
 * union's first byte and compares the event as the member it is. */
static void xevent_by_its_common_initial_type(void **state) {
  (void)state;
  cv_catalog *catalog = NULL;
  cv_registry *registry = NULL;
  cv_type *event = NULL;
  const char *headers[] = {"X11/Xlib.h"};
  expect_status(cv_catalog_new(&catalog, &message), CV_OK, NULL);
  expect_status(cv_catalog_import_headers(catalog, headers, 1, NULL, 0, &message), CV_OK, NULL);
  expect_status(cv_registry_new(catalog, &registry, &message), CV_OK, NULL);
  expect_status(cv_type_resolve(registry, "XEvent", sizeof(XEvent), &event, &message), CV_OK, NULL);
  int64_t tags[] = {KeyPress, KeyRelease, ButtonPress, ButtonRelease};
  const char *members[] = {"xkey", "xkey", "xbutton", "xbutton"};
  cv_options *by_type = new_options();
  expect_status(cv_options_set_union_tag(by_type, "", ".type", tags, members, 4, 0, &message), CV_OK, NULL);
  XEvent a, b;
  memset(&a, 0, sizeof a);
  a.xkey.type = KeyPress;
  a.xkey.keycode = 38;
  b = a;
  b.xkey.keycode = 39;
  cv_comparison result = {.size = sizeof result};
  expect_status(cv_compare(event, &a, &b, 1, by_type, &result, &message), CV_OK, NULL);
  assert_non_null(strstr(result.report, "XEvent values differ at 1 of 15 fields:\n  .xkey.keycode: 38 ≠ 39\n"));
  cv_free(result.report);
  /* A ButtonPress: the tag, then the event as one field by each value's live member. */
  memset(&b, 0, sizeof b);
  b.xbutton.type = ButtonPress;
  b.xbutton.button = 1;
  expect_status(cv_compare(event, &a, &b, 1, by_type, &result, &message), CV_OK, NULL);
  assert_non_null(strstr(result.report, "XEvent values differ at 2 of 2 fields:\n  .type: 2 ≠ 4\n  value: {.xkey = "));
  cv_free(result.report);
  /* A tag inside the union that not every member starts with is refused, by the union's C name. */
  cv_options *inside = new_options();
  expect_status(cv_options_set_union_tag(inside, "", ".xkey.keycode", tags, members, 1, 0, &message), CV_OK, NULL);
  expect_status(cv_compare(event, &a, &b, 1, inside, &result, &message), CV_ERROR_OPTION,
                "union _XEvent: the value: the tag .xkey.keycode is inside the union it selects a member of, and not "
                "a field all its members start with");
  cv_options_free(inside);
  cv_options_free(by_type);
  cv_type_free(event);
  cv_registry_free(registry);
  cv_catalog_free(catalog);
}

/* cv_snapshot_check's bad arguments are statuses with messages; a bad snapshot name is a failed outcome. */
static void snapshot_checks_that_do_not_fit(void **state) {
  (void)state;
  struct cv_point track[2] = {{1, 2}, {3, 4}};
  int32_t outcome = CV_SNAPSHOT_MATCHED;
  char *failure = NULL;
  expect_status(cv_snapshot_check(types.point, track, CV_SNAPSHOT_ONE_VALUE, 8, "/tmp", "p", NULL, &outcome,
                                  &failure, &message),
                CV_ERROR_SIZE, "cv_snapshot_check: size 8 is not the type's size, 16 bytes");
  expect_status(cv_snapshot_check(types.point, track, (size_t)-2, sizeof track[0], "/tmp", "p", NULL, &outcome,
                                  &failure, &message),
                CV_ERROR_ARGUMENT, "cv_snapshot_check: count 18446744073709551614 is too large");
  expect_status(cv_snapshot_check(types.point, NULL, 2, sizeof track[0], "/tmp", "p", NULL, &outcome, &failure,
                                  &message),
                CV_ERROR_ARGUMENT, "cv_snapshot_check: value is NULL");
  expect_status(cv_snapshot_check(types.point, track, 2, sizeof track[0], "/tmp", "../p", NULL, &outcome, &failure,
                                  &message),
                CV_OK, NULL);
  assert_int_equal(outcome, CV_SNAPSHOT_FAILED);
  assert_string_equal(failure, "“../p” is not a snapshot name: it must be a file name that does not start with “.”");
  cv_free(failure);
}

static int setup(void **state) {
  (void)state;
  return cv_test_types_load(&types);
}

static int teardown(void **state) {
  (void)state;
  cv_test_types_free(&types);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(tcphdr_equal_values_are_equal),
      cmocka_unit_test(tcphdr_report_names_both_views_unless_one_is_chosen),
      cmocka_unit_test(tcphdr_description_parses_back),
      cmocka_unit_test(sockaddr_in6_reports_the_chosen_address_view),
      cmocka_unit_test(epoll_event_packed_layout),
      cmocka_unit_test(timex_reports_nested_fields),
      cmocka_unit_test(tagged_union_compares_the_live_member),
      cmocka_unit_test(float_struct_within_tolerance),
      cmocka_unit_test(nan_and_negative_zero_rules),
      cmocka_unit_test(arrays_report_element_paths),
      cmocka_unit_test(names_and_encodings_resolve),
      cmocka_unit_test(c_functions_decide_and_describe),
      cmocka_unit_test(cv_compare_checks_the_values_once),
      cmocka_unit_test(options_ignore_paths_and_compare_fields_their_way),
      cmocka_unit_test(registries_ignore_paths_and_compare_fields_their_way),
      cmocka_unit_test(field_options_that_do_not_fit),
      cmocka_unit_test(null_arguments),
      cmocka_unit_test(unknown_types_and_sizes),
      cmocka_unit_test(malformed_encodings_paths_and_literals),
      cmocka_unit_test(options_that_do_not_fit),
      cmocka_unit_test(catalog_files_and_imports_that_fail),
      cmocka_unit_test(headers_import_through_libclang),
      cmocka_unit_test(xevent_by_its_common_initial_type),
      cmocka_unit_test(comparison_json_is_the_schema_1_object),
      cmocka_unit_test(comparison_report_in_each_format),
      cmocka_unit_test(snapshot_checks_that_do_not_fit),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
