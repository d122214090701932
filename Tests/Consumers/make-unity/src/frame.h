/* A serial protocol's frame, decoded from the bytes on the wire. */
#ifndef FRAME_H
#define FRAME_H

#include <stddef.h>
#include <stdint.h>

enum frame_kind { FRAME_PING = 1, FRAME_DATA = 2, FRAME_ERROR = 0x7F };

struct frame {
  enum frame_kind kind;
  uint8_t sequence; /* then 1 byte of padding */
  uint16_t length;
  uint8_t payload[6];
  float voltage; /* payload[0..1] in millivolts, as volts */
};

/* 0 when `bytes` hold a frame (kind, sequence, length, payload), decoded into `frame`. */
int frame_decode(const uint8_t *bytes, size_t count, struct frame *frame);

#endif
