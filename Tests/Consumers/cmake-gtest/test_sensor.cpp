// One test passes, one fails on purpose: Tests/Consumers/run.sh checks the failure's exact text.
#include <gtest/gtest.h>

#include <cvalue_gtest.h>

#include "sensor.h"

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

}  // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
