// Zero set-up with Catch2 (v2, Debian's): CHECK_CV_EQ(actual, expected) / REQUIRE_CV_EQ take the type from
// the arguments, read by its C++ name from the test's own debug info (built with -g). The test cases are
// cxx_framework_cases.h, shared with program_doctest.cpp; run.sh checks the exact output
// (expected/program_catch2.txt).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cvalue_catch2.h>
#define CXX_PRINT_FIELDS CV_CATCH2_PRINT_FIELDS

#include "cxx_framework_cases.h"
