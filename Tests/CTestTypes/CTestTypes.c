#include "CTestTypes.h"

struct cv_flags cv_flags_sample(int id, unsigned mode) {
  struct cv_flags flags = {0};
  flags.id = id;
  flags.ready = 1;
  flags.mode = mode & 7;
  flags.level = 9;
  flags.after = -id;
  return flags;
}
