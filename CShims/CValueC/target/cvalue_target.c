/* cvalue_target.c: the one function of cvalue_target.h, freestanding (no libc). */
#include "cvalue_target.h"

static const char cv_target_digits_[] = "0123456789abcdef";

typedef struct {
  char text[CV_TARGET_CHUNK];
  uint32_t used;
  uint32_t crc;
} cv_target_line_;

static void cv_target_put_(cv_target_line_ *line, char c) {
  if (line->used == CV_TARGET_CHUNK) {
    cv_target_write(line->text, line->used);
    line->used = 0;
  }
  line->text[line->used++] = c;
}

/* Each byte in hex, and into the CRC-32 (IEEE 802.3, reflected, as zlib's crc32), bit by bit: no table. */
static void cv_target_bytes_(cv_target_line_ *line, const unsigned char *bytes, uint32_t count) {
  uint32_t i;
  int bit;
  for (i = 0; i < count; i++) {
    cv_target_put_(line, cv_target_digits_[bytes[i] >> 4]);
    cv_target_put_(line, cv_target_digits_[bytes[i] & 15]);
    line->crc ^= bytes[i];
    for (bit = 0; bit < 8; bit++) line->crc = (line->crc >> 1) ^ (0xEDB88320u & (0u - (line->crc & 1u)));
  }
}

static void cv_target_word_(cv_target_line_ *line, uint32_t word) {
  unsigned char bytes[4];
  bytes[0] = (unsigned char)word;
  bytes[1] = (unsigned char)(word >> 8);
  bytes[2] = (unsigned char)(word >> 16);
  bytes[3] = (unsigned char)(word >> 24);
  cv_target_bytes_(line, bytes, 4);
}

void cv_target_record(uint32_t site, const void *actual, const void *expected, uint32_t size, uint32_t count) {
  cv_target_line_ line;
  uint32_t crc;
  int shift;
  line.used = 0;
  line.crc = 0xFFFFFFFFu;
  cv_target_put_(&line, 'C');
  cv_target_put_(&line, 'V');
  cv_target_put_(&line, '1');
  cv_target_put_(&line, ':');
  cv_target_word_(&line, site);
  cv_target_word_(&line, size);
  cv_target_word_(&line, count);
  if (actual != 0) cv_target_bytes_(&line, (const unsigned char *)actual, size * count);
  if (expected != 0) cv_target_bytes_(&line, (const unsigned char *)expected, size * count);
  crc = ~line.crc;
  cv_target_put_(&line, ':');
  for (shift = 28; shift >= 0; shift -= 4) cv_target_put_(&line, cv_target_digits_[(crc >> shift) & 15]);
  cv_target_put_(&line, '\n');
  cv_target_write(line.text, line.used);
}
