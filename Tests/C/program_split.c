/* Split DWARF in the test itself: built with -gsplit-dwarf, its .dwo files packaged into program_split.dwp
 * beside it with llvm-dwp and removed (run.sh). cv_program_type reads the package beside the executable's
 * real path, not beside /proc/self/exe, and finds the program's own type. */
#include <stdio.h>
#include <cvalue.h>

struct split_reading {
  int id;
  double weight;
};

struct split_reading split_global = {7, 1.5};

int main(void) {
  cv_type *type = NULL;
  char *message = NULL;
  int status = cv_program_type("struct split_reading", sizeof(struct split_reading), &type, &message);
  if (status != CV_OK) {
    printf("cv_program_type failed (%d): %s\n", status, message);
    cv_free(message);
    return 1;
  }
  printf("struct split_reading found in the package\n");
  cv_type_free(type);
  return split_global.id == 7 ? 0 : 1;
}
