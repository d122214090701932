/* semihost_sink.c: the firmware's byte sink and its other output through semihosting's SYS_WRITE0, on any
 * target whose startup file defines semihost(); with no C library, the memcpy and memset a compiler may call. */
#include "cvalue_target.h"

int semihost(int operation, const void *argument);

void platform_print(const char *text) { semihost(0x04, text); }

void cv_target_write(const void *bytes, size_t count) {
  char text[CV_TARGET_CHUNK + 1];
  size_t i;
  for (i = 0; i < count; i++) text[i] = ((const char *)bytes)[i];
  text[count] = 0;
  semihost(0x04, text);
}

void *memcpy(void *to, const void *from, size_t count) {
  size_t i;
  for (i = 0; i < count; i++) ((char *)to)[i] = ((const char *)from)[i];
  return to;
}

void *memset(void *to, int byte, size_t count) {
  size_t i;
  for (i = 0; i < count; i++) ((char *)to)[i] = (char)byte;
  return to;
}
