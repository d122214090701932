/* Tests that fail on purpose: run.sh runs them and checks cmocka's exact output (the report lines with the
 * field paths and both values, and the file and line of each assertion) against expected/cmocka_failing.txt. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cvalue_test_support.h"

#include <cvalue_cmocka.h>

static struct cv_test_types types;
/* Options live for the group: a failing assertion jumps out of its test. */
static cv_options *linux_view, *tagged, *hundredth;

static void tcp_flags_differ(void **state) {
  (void)state;
  struct tcphdr actual = cv_test_syn(), expected = cv_test_syn();
  expected.syn = 0;
  expected.ack = 1;
  assert_cv_equal_options(types.tcphdr, &actual, &expected, linux_view);
}

static void ipv6_port_differs(void **state) {
  (void)state;
  struct sockaddr_in6 actual = cv_test_address(), expected = cv_test_address();
  expected.sin6_port = htons(8443);
  assert_cv_equal(types.sockaddr_in6, &actual, &expected);
}

static void epoll_events_differ(void **state) {
  (void)state;
  struct epoll_event actual = {.events = EPOLLIN, .data.fd = 3}, expected = {.events = EPOLLIN | EPOLLET, .data.fd = 3};
  assert_cv_equal(types.epoll_event, &actual, &expected);
}

static void timex_frequency_differs(void **state) {
  (void)state;
  struct timex actual, expected;
  memset(&actual, 0, sizeof actual);
  memset(&expected, 0, sizeof expected);
  actual.modes = ADJ_FREQUENCY;
  expected.modes = ADJ_FREQUENCY;
  actual.freq = 65536;
  expected.freq = 131072;
  assert_cv_equal(types.timex, &actual, &expected);
}

static void message_number_differs(void **state) {
  (void)state;
  struct cv_message actual = {.kind = CV_MESSAGE_NUMBER, .body.number = {7, 0.5f}};
  struct cv_message expected = {.kind = CV_MESSAGE_NUMBER, .body.number = {7, 0.25f}};
  assert_cv_equal_options(types.message, &actual, &expected, tagged);
}

static void point_outside_tolerance(void **state) {
  (void)state;
  struct cv_point actual = {1.0, 2.0}, expected = {1.005, 2.02};
  assert_cv_equal_options(types.point, &actual, &expected, hundredth);
}

static void wrong_type_for_the_value(void **state) {
  (void)state;
  struct cv_point actual = {1, 2}, expected = {1, 2};
  assert_cv_equal(types.tcphdr, &actual, &expected);
}

static int setup(void **state) {
  (void)state;
  int64_t tags[] = {CV_MESSAGE_TEXT, CV_MESSAGE_NUMBER, CV_MESSAGE_POINT};
  const char *members[] = {"text", "number", "point"};
  cv_tolerance tolerance = {sizeof(cv_tolerance), 0.01, 0, 0, 0};
  if (cv_test_types_load(&types) != 0) return 1;
  cv_options_new(&linux_view, NULL);
  cv_options_set_union_member(linux_view, "", "syn", NULL);
  cv_options_new(&tagged, NULL);
  cv_options_set_union_tag(tagged, ".body", ".kind", tags, members, 3, 0, NULL);
  cv_options_new(&hundredth, NULL);
  cv_options_set_tolerance(hundredth, NULL, &tolerance, NULL);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  cv_options_free(linux_view);
  cv_options_free(tagged);
  cv_options_free(hundredth);
  cv_test_types_free(&types);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(tcp_flags_differ),        cmocka_unit_test(ipv6_port_differs),
      cmocka_unit_test(epoll_events_differ),     cmocka_unit_test(timex_frequency_differs),
      cmocka_unit_test(message_number_differs),  cmocka_unit_test(point_outside_tolerance),
      cmocka_unit_test(wrong_type_for_the_value),
  };
  setvbuf(stdout, NULL, _IONBF, 0); /* one stream order for stdout and stderr */
  return cmocka_run_group_tests(tests, setup, teardown);
}
