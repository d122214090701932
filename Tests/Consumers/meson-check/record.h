/* The consumer's own type: a record, compared field by field in test_record.c. */
#ifndef RECORD_H
#define RECORD_H
#include <stdint.h>

struct record {
  int64_t id;
  float score;
  char name[8];
};
#endif
