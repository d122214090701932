// Two tests pass, two fail on purpose: Tests/Consumers/run.sh checks the failures' exact text. The Readings
// compare a C struct with the catalog the build makes; the LogEntries compare a namespaced C++ type holding a
// std::string and a std::vector with no set-up at all, read from this test's own debug info (built with -g).
#include <gtest/gtest.h>

#include <cvalue_gtest.h>

#include <string>
#include <vector>

#include "sensor.h"

namespace station {
struct log_entry {
  int id;
  std::string label;
  std::vector<double> samples;
};
}  // namespace station

namespace {

class Readings : public ::testing::Test {
 protected:
  void SetUp() override {
    char *message = nullptr;
    if (cv_catalog_new(&catalog, &message) || cv_catalog_load_file(catalog, "sensor.catalog.json", &message) ||
        cv_registry_new(catalog, &registry, &message) ||
        cv_type_resolve(registry, "struct reading", sizeof(reading), &type, &message)) {
      std::string text = message;
      cv_free(message);
      FAIL() << text;
    }
  }
  void TearDown() override {
    cv_type_free(type);
    cv_registry_free(registry);
    cv_catalog_free(catalog);
  }
  cv_catalog *catalog = nullptr;
  cv_registry *registry = nullptr;
  cv_type *type = nullptr;
};

TEST_F(Readings, CopiesAreEqual) {
  reading actual = {7, {-3, 4}, 21.5, "C"};
  reading expected = actual;
  EXPECT_CV_EQ(type, actual, expected);
}

TEST_F(Readings, CelsiusDiffers) {
  reading actual = {7, {-3, 4}, 21.5, "C"};
  reading expected = actual;
  expected.celsius = 22.0;
  EXPECT_CV_EQ(type, actual, expected);
}

TEST(LogEntries, CopiesAreEqual) {
  station::log_entry actual{1, "north mast, upper sensor", {1.5, 2.5, 3.5}};
  station::log_entry expected = actual;  // its own text and elements, elsewhere in memory
  EXPECT_CV_EQ(actual, expected);
}

TEST(LogEntries, OneSampleDiffers) {
  station::log_entry actual{1, "north mast, upper sensor", {1.5, 2.5, 3.5}};
  station::log_entry expected = actual;
  expected.samples[1] = 3.0;
  EXPECT_CV_EQ(actual, expected);
}

}  // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
