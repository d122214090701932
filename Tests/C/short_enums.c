/* Built with -g -fshort-enums, run with a catalog imported from short_enums.h without it: the catalog's
 * struct reading (a 4-byte enum) is not the program's (a 1-byte one), though both are 8 bytes, and
 * cv_catalog_check_program names the first field that differs; struct plain_reading is the same in both.
 * run.sh checks the exact output (expected/short_enums.txt). */
#include <stdio.h>

#include "short_enums.h"

#include <cvalue.h>

static int check(cv_catalog *catalog, const char *name) {
  char *message = NULL;
  cv_status status = cv_catalog_check_program(catalog, name, &message);
  printf("%s: %s%s%s\n", name, cv_status_name(status), message ? ": " : "", message ? message : "");
  cv_free(message);
  return status;
}

int main(int argc, char **argv) {
  struct reading reading = {LEVEL_HIGH, 3};
  struct plain_reading plain = {2, 3};
  cv_catalog *catalog = NULL;
  char *message = NULL;
  int failed;
  if (argc != 2 || cv_catalog_new(&catalog, &message) || cv_catalog_load_file(catalog, argv[1], &message)) {
    fprintf(stderr, "usage: short_enums CATALOG (%s)\n", message ? message : "");
    return 2;
  }
  printf("sizeof: %zu and %zu\n", sizeof reading, sizeof plain);
  failed = check(catalog, "struct reading") != CV_OK;
  failed |= check(catalog, "struct plain_reading") != CV_OK;
  cv_catalog_free(catalog);
  return failed;
}
