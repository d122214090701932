/* A type that only a shared library's debug info describes: library_types.c is built with -g into a shared
 * library, program_library.c without -g links it (run.sh). */
#ifndef LIBRARY_TYPES_H
#define LIBRARY_TYPES_H

struct library_reading {
  int sensor;
  short scale;
  unsigned flags : 3;
  double value;
};

struct library_reading library_reading_make(int sensor, double value);

#endif
