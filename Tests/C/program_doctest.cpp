// Zero set-up with doctest (Debian's 2.4): CHECK_CV_EQ(actual, expected) / REQUIRE_CV_EQ take the type from
// the arguments, read by its C++ name from the test's own debug info (built with -g). The test cases are
// cxx_framework_cases.h, shared with program_catch2.cpp; run.sh checks the exact output
// (expected/program_doctest.txt).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cvalue_doctest.h>
#define CXX_PRINT_FIELDS CV_DOCTEST_PRINT_FIELDS

#include "cxx_framework_cases.h"
