// GoogleTest glue (C++): two tests pass, two fail on purpose; run.sh checks the exact output
// (expected/gtest_suite.txt).
#include <gtest/gtest.h>

#include "cvalue_test_support.h"

#include <cvalue_gtest.h>

namespace {

class CValue : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(cv_test_types_load(&types), 0); }
  void TearDown() override { cv_test_types_free(&types); }
  cv_test_types types;
};

TEST_F(CValue, EqualAddressesPass) {
  sockaddr_in6 actual = cv_test_address(), expected = cv_test_address();
  EXPECT_CV_EQ(types.sockaddr_in6, actual, expected);
}

TEST_F(CValue, PointsWithinUlpsPass) {
  cv_point actual = {1.0, 2.0}, expected = {1.0, 2.0000000000000004};
  cv_options *options = nullptr;
  cv_tolerance tolerance = {sizeof(cv_tolerance), 0, 0, 2, 0};
  cv_options_new(&options, nullptr);
  cv_options_set_tolerance(options, nullptr, &tolerance, nullptr);
  EXPECT_PRED_FORMAT4(cvalue::EqualWithOptions, types.point, options, actual, expected);
  cv_options_free(options);
}

TEST_F(CValue, TimexStatusDiffers) {
  timex actual = {}, expected = {};
  actual.status = STA_PLL;
  expected.status = STA_PLL | STA_UNSYNC;
  EXPECT_PRED_FORMAT3(cvalue::Equal, types.timex, actual, expected);
}

TEST_F(CValue, TcpSequenceDiffers) {
  tcphdr actual = cv_test_syn(), expected = cv_test_syn();
  expected.seq = htonl(2);
  ASSERT_CV_EQ(types.tcphdr, actual, expected);
}

}  // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
