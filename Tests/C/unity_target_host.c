/* unity_target_host.c: the firmware's Unity suite (../CValueDebugInfoTests/Fixtures/target/unity_target_test.c,
 * which TargetFirmwareTests builds for a Cortex-M with -DCV_UNITY_TARGET) run on the host, where each
 * TEST_ASSERT_EQUAL_CV decides at once from this program's own debug info: the same test source, both ways. */
int run_unity_tests(void);

int main(void) { return run_unity_tests(); }
