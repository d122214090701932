/* Snapshots from Criterion's forked test processes: one matches, one matches within a tolerance, one differs
 * on purpose. Each test runs in a folder of its own; run.sh checks the exact output
 * (expected/snapshot_criterion.txt). */
#include <criterion/criterion.h>

#include "cvalue_test_support.h"

#include <cvalue_criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static struct cv_test_types types;
static char folder[] = "/tmp/cvalue-snapshot-criterion-XXXXXX";

static void setup(void) {
  FILE *file;
  if (cv_test_types_load(&types) != 0) cr_assert_fail("cannot load the catalog");
  if (mkdtemp(folder) == NULL || chdir(folder) != 0 || mkdir("__snapshots__", 0755) != 0) {
    cr_assert_fail("cannot make a snapshot folder");
  }
  file = fopen("__snapshots__/point.snap", "w");
  if (file == NULL) cr_assert_fail("cannot write the snapshot");
  fputs("// cvalue snapshot 1\n// type: struct cv_point\n// size: 16\n// abi: x86_64-linux\n"
        "// field: .x @0 +8 double\n// field: .y @8 +8 double\n{\n  .x = 1,\n  .y = 2.5\n}\n",
        file);
  fclose(file);
  unsetenv("CVALUE_SNAPSHOTS");
}

static void teardown(void) {
  char command[64];
  snprintf(command, sizeof command, "rm -rf %s", folder);
  if (system(command) != 0) cr_log_warn("cannot remove %s", folder);
  cv_test_types_free(&types);
}

TestSuite(snapshots, .init = setup, .fini = teardown);

Test(snapshots, point_matches) {
  struct cv_point point = {1.0, 2.5};
  cr_assert_cv_snapshot_type(types.point, &point, "point");
}

Test(snapshots, point_within_tolerance) {
  struct cv_point point = {1.0, 2.5000001};
  cv_options *options = NULL;
  cv_tolerance tolerance = {sizeof(cv_tolerance), 1e-6, 0, 0, 0};
  cv_options_new(&options, NULL);
  cv_options_set_tolerance(options, NULL, &tolerance, NULL);
  cr_expect_cv_snapshot_type_options(types.point, &point, "point", options);
  cv_options_free(options);
}

Test(snapshots, point_differs) {
  struct cv_point point = {1.5, 2.5};
  cr_assert_cv_snapshot_type(types.point, &point, "point");
}
