/* unity_target_host.c: the firmware's Unity suite (../CValueTargetLogTests/Fixtures/target/unity_target_test.c,
 * which TargetFirmwareTests builds for a Cortex-M with -DCV_UNITY_TARGET) run on the host, where each
 * TEST_ASSERT_EQUAL_CV decides at once from this program's own debug info: the same test source, both ways.
 * Included, not linked beside this file, so that it comes before the library on the link line. */
#include "../CValueTargetLogTests/Fixtures/target/unity_target_test.c"

int main(void) { return run_unity_tests(); }
