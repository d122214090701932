/* Criterion glue, from Criterion's forked test processes: two tests pass, three fail on purpose; run.sh
 * checks the exact output (expected/criterion_suite.txt). */
#include <criterion/criterion.h>

#include "cvalue_test_support.h"

#include <cvalue_criterion.h>

static struct cv_test_types types;

static void setup(void) {
  if (cv_test_types_load(&types) != 0) cr_assert_fail("cannot load the catalog");
}

static void teardown(void) { cv_test_types_free(&types); }

TestSuite(cvalue, .init = setup, .fini = teardown);

Test(cvalue, equal_tcp_headers_pass) {
  struct tcphdr actual = cv_test_syn(), expected = cv_test_syn();
  cr_assert_cv_equal(types.tcphdr, &actual, &expected);
}

Test(cvalue, points_within_tolerance_pass) {
  struct cv_point actual = {1.0, 2.0}, expected = {1.0000001, 2.0};
  cv_options *options = NULL;
  cv_tolerance tolerance = {sizeof(cv_tolerance), 1e-6, 0, 0, 0};
  cv_options_new(&options, NULL);
  cv_options_set_tolerance(options, NULL, &tolerance, NULL);
  cr_expect_cv_equal_options(types.point, &actual, &expected, options);
  cv_options_free(options);
}

Test(cvalue, ipv6_port_differs) {
  struct sockaddr_in6 actual = cv_test_address(), expected = cv_test_address();
  expected.sin6_port = htons(8443);
  cr_assert_cv_equal(types.sockaddr_in6, &actual, &expected);
}

Test(cvalue, epoll_events_differ) {
  struct epoll_event actual = {.events = EPOLLIN, .data.fd = 3}, expected = {.events = EPOLLOUT, .data.fd = 3};
  cr_expect_cv_equal(types.epoll_event, &actual, &expected);
}

Test(cvalue, message_kinds_differ) {
  struct cv_message actual = {.kind = CV_MESSAGE_TEXT, .body.text = "hi"};
  struct cv_message expected = {.kind = CV_MESSAGE_POINT, .body.point = {1, 2}};
  int64_t tags[] = {CV_MESSAGE_TEXT, CV_MESSAGE_NUMBER, CV_MESSAGE_POINT};
  const char *members[] = {"text", "number", "point"};
  cv_options *options = NULL;
  cv_options_new(&options, NULL);
  cv_options_set_union_tag(options, ".body", ".kind", tags, members, 3, 0, NULL);
  cr_expect_cv_equal_options(types.message, &actual, &expected, options);
  cv_options_free(options);
}
