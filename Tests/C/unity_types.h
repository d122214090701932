/* The types the Unity suite compares: a plain C record with padding (after .channel and before
 * .temperature), floats, a nested record, a named union, an array field and an enum; known to the library only
 * through the test binary's own debug info (built with -g). */
#ifndef UNITY_TYPES_H
#define UNITY_TYPES_H

#include <stdint.h>

enum motor_state { MOTOR_IDLE, MOTOR_RUNNING, MOTOR_FAULT };

struct pid {
  float kp, ki, kd;
};

struct motor {
  enum motor_state state;
  uint8_t channel; /* then 3 bytes of padding */
  float speed;
  struct pid gains;
  union {
    uint32_t raw;
    struct {
      uint16_t low, high;
    } half;
  } status;
  int16_t history[4]; /* then 4 bytes of padding */
  double temperature;
};

#endif /* UNITY_TYPES_H */
