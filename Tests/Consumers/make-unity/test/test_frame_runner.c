/* What Ceedling generates for test/test_frame.c; written once by hand for Make. */
#include "unity.h"

void test_a_data_frame_decodes(void);
void test_an_error_frame_decodes(void);

int main(void) {
  UnityBegin("test/test_frame.c");
  RUN_TEST(test_a_data_frame_decodes);
  RUN_TEST(test_an_error_frame_decodes);
  return UnityEnd();
}
