// Zero-set-up snapshots with GoogleTest: EXPECT_CV_SNAPSHOT(value, name) / ASSERT_CV_SNAPSHOT and
// EXPECT_CV_ARRAY_SNAPSHOT(values, count, name) take the type from the argument, read by its C name from the
// test's own debug info (built with -g). Recorded when asked, then matched; a changed field, element and count,
// a missing snapshot and one that CI=true keeps from recording fail on purpose. run.sh checks the exact output
// (expected/snapshot_program_gtest.txt).
#include <gtest/gtest.h>

#include "snapshot_types.h"

#include <cvalue_gtest.h>

static const struct reading reading = {7, 3, -40, 0.25};
static const struct reading readings[3] = {{1, 0, 10, 0.5}, {2, 1, 20, 1.5}, {3, 0, 30, 2.5}};

TEST(Snapshots, RecordedWhenAsked) {
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  ASSERT_CV_SNAPSHOT(reading, "reading");
  EXPECT_CV_ARRAY_SNAPSHOT(readings, 3, "readings");
  unsetenv("CVALUE_SNAPSHOTS");
}

TEST(Snapshots, Matches) {
  ASSERT_CV_SNAPSHOT(reading, "reading");
  EXPECT_CV_ARRAY_SNAPSHOT(readings, 3, "readings");
}

TEST(Snapshots, FieldDiffers) {
  struct reading value = reading;
  value.flags = 5;
  EXPECT_CV_SNAPSHOT(value, "reading");
}

TEST(Snapshots, ElementDiffers) {
  struct reading values[3];
  std::memcpy(values, readings, sizeof values);
  values[1].value = 21;
  ASSERT_CV_ARRAY_SNAPSHOT(values, 3, "readings");
}

TEST(Snapshots, CountDiffers) { EXPECT_CV_ARRAY_SNAPSHOT(readings, 2, "readings"); }

TEST(Snapshots, Missing) { EXPECT_CV_SNAPSHOT(reading, "absent"); }

TEST(Snapshots, NeverRecordedUnderCI) {
  setenv("CI", "true", 1);
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  EXPECT_CV_SNAPSHOT(reading, "ci");
  unsetenv("CI");
  unsetenv("CVALUE_SNAPSHOTS");
}

TEST(Snapshots, TypedefOfAnUnnamedStruct) {
  spot_t spot = {3, -4};
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  ASSERT_CV_SNAPSHOT(spot, "spot");
  unsetenv("CVALUE_SNAPSHOTS");
  EXPECT_CV_SNAPSHOT(spot, "spot");
}

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  unsetenv("CI");
  unsetenv("CVALUE_SNAPSHOTS");
  setvbuf(stdout, nullptr, _IONBF, 0);
  if (snapshot_folder_enter() != 0) return 100;
  int failed = RUN_ALL_TESTS();
  snapshot_folder_report("readings.snap");
  return failed;
}
