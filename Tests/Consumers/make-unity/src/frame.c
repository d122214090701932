#include "frame.h"

#include <string.h>

int frame_decode(const uint8_t *bytes, size_t count, struct frame *frame) {
  size_t length;
  if (count < 3) return 1;
  length = bytes[2];
  if (length > sizeof frame->payload || count < 3 + length) return 1;
  frame->kind = (enum frame_kind)bytes[0];
  frame->sequence = bytes[1];
  frame->length = (uint16_t)length;
  memset(frame->payload, 0, sizeof frame->payload);
  memcpy(frame->payload, bytes + 3, length);
  frame->voltage = length >= 2 ? (float)(frame->payload[0] | frame->payload[1] << 8) / 1000.0f : 0.0f;
  return 0;
}
