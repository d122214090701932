/* The consumer's own type: a sensor reading, compared field by field in test_sensor.cpp. */
#ifndef SENSOR_H
#define SENSOR_H
#include <stdint.h>

struct reading {
  uint32_t id;
  struct { int16_t x, y; } position;
  double celsius;
  char unit[4];
};
#endif
