/* Built with -g into a shared library: the debug info that program_library.c's own executable lacks. */
#include "library_types.h"

struct library_reading library_reading_make(int sensor, double value) {
  struct library_reading reading = {sensor, 10, 5, value};
  return reading;
}
