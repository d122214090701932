// A C struct for the README's example test: the kind of value a driver or codec hands back.
#ifndef CVALUEKIT_SENSOR_READING_H
#define CVALUEKIT_SENSOR_READING_H

#include <stdint.h>

/// @encode: {sensor_reading=cdi[4c]}; with member names
/// {sensor_reading="tag"c"value"d"count"i"unit"[4c]}. 24 bytes: 7 bytes of padding after tag.
struct sensor_reading {
  char tag;
  double value;
  int count;
  char unit[4];
};

#endif
