/* Snapshots from cmocka: one matches, one differs, one is missing (under CI, so nothing is recorded), one
 * was edited by hand into C that does not parse. The tests run in a folder of their own, so the snapshot
 * paths in the output are relative; run.sh checks the exact output (expected/snapshot_cmocka.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cvalue_test_support.h"

#include <cvalue_cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static struct cv_test_types types;
static char folder[] = "/tmp/cvalue-snapshot-cmocka-XXXXXX";

static const char header[] = "// cvalue snapshot 1\n// type: struct cv_point\n// size: 16\n// abi: x86_64-linux\n"
                             "// field: .x @0 +8 double\n// field: .y @8 +8 double\n";

static void write_snapshot(const char *name, const char *initializer) {
  char path[256];
  FILE *file;
  snprintf(path, sizeof path, "__snapshots__/%s.snap", name);
  file = fopen(path, "w");
  if (file == NULL) return;
  fprintf(file, "%s%s\n", header, initializer);
  fclose(file);
}

static void point_matches(void **state) {
  struct cv_point point = {1.0, 2.5};
  (void)state;
  assert_cv_snapshot_type(types.point, &point, "point");
}

static void point_differs(void **state) {
  struct cv_point point = {1.0, 3.0};
  (void)state;
  assert_cv_snapshot_type(types.point, &point, "point");
}

static void snapshot_missing(void **state) {
  struct cv_point point = {0.0, 0.0};
  (void)state;
  assert_cv_snapshot_type(types.point, &point, "origin");
}

static void snapshot_edited_badly(void **state) {
  struct cv_point point = {1.0, 2.5};
  (void)state;
  assert_cv_snapshot_type(types.point, &point, "edited");
}

static int setup(void **state) {
  (void)state;
  if (cv_test_types_load(&types) != 0) return 1;
  if (mkdtemp(folder) == NULL || chdir(folder) != 0 || mkdir("__snapshots__", 0755) != 0) return 1;
  write_snapshot("point", "{\n  .x = 1,\n  .y = 2.5\n}");
  write_snapshot("edited", "{\n  .x = 1,\n  .y = 2.5.\n}");
  return 0;
}

static int teardown(void **state) {
  char command[64];
  (void)state;
  snprintf(command, sizeof command, "rm -rf %s", folder);
  if (system(command) != 0) return 1;
  cv_test_types_free(&types);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(point_matches),
      cmocka_unit_test(point_differs),
      cmocka_unit_test(snapshot_missing),
      cmocka_unit_test(snapshot_edited_badly),
  };
  setenv("CI", "true", 1); /* whatever the environment asks, nothing is recorded */
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  setvbuf(stdout, NULL, _IONBF, 0); /* one stream order for stdout and stderr */
  return cmocka_run_group_tests(tests, setup, teardown);
}
