#include "CShimChecks.h"

#include <CValueShim.h>

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct cv_check_pair {
  uint32_t low;
  uint32_t high;
};

typedef struct {
  int failures;
  char *message;
  size_t capacity;
} cv_check_report;

static void cv_check(cv_check_report *report, int passed, const char *format, ...) {
  if (passed) return;
  if (report->failures++ == 0 && report->capacity > 0) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(report->message, report->capacity, format, arguments);
    va_end(arguments);
  }
}

int cv_check_union_cast(char *message, size_t capacity) {
  cv_check_report report = {0, message, capacity};
  if (capacity > 0) message[0] = '\0';

  uint32_t one = CVI_UNION_CAST(1.0f, uint32_t);
  cv_check(&report, one == UINT32_C(0x3f800000), "CVI_UNION_CAST(1.0f, uint32_t) is 0x%08" PRIx32, one);
  float back = CVI_UNION_CAST(one, float);
  cv_check(&report, back == 1.0f, "CVI_UNION_CAST(0x3f800000, float) is %a", (double)back);

  uint64_t third = CVI_UNION_CAST(-2.5, uint64_t);
  cv_check(&report, third == UINT64_C(0xc004000000000000), "CVI_UNION_CAST(-2.5, uint64_t) is 0x%016" PRIx64,
           third);
  double again = CVI_UNION_CAST(third, double);
  cv_check(&report, again == -2.5, "CVI_UNION_CAST(0xc004000000000000, double) is %a", again);

  // The value is evaluated once, even though the macro names it twice.
  int evaluations = 0;
  uint32_t counted = CVI_UNION_CAST((evaluations++, 2.0f), uint32_t);
  cv_check(&report, evaluations == 1 && counted == UINT32_C(0x40000000),
           "CVI_UNION_CAST evaluated its value %d times (result 0x%08" PRIx32 ")", evaluations, counted);

  struct cv_check_pair pair = {UINT32_C(0x11223344), UINT32_C(0x55667788)};
  uint64_t packed = CVI_UNION_CAST(pair, uint64_t);
  uint64_t expected_packed;
  memcpy(&expected_packed, &pair, sizeof pair);
  cv_check(&report, packed == expected_packed, "CVI_UNION_CAST(struct pair, uint64_t) is 0x%016" PRIx64 ", not 0x%016" PRIx64,
           packed, expected_packed);
  struct cv_check_pair unpacked = CVI_UNION_CAST(packed, struct cv_check_pair);
  cv_check(&report, unpacked.low == pair.low && unpacked.high == pair.high,
           "CVI_UNION_CAST(uint64_t, struct pair) is {0x%08" PRIx32 ", 0x%08" PRIx32 "}", unpacked.low,
           unpacked.high);

  uint64_t negative_zero = CVI_UNION_CAST(-0.0, uint64_t);
  cv_check(&report, negative_zero == UINT64_C(0x8000000000000000), "CVI_UNION_CAST(-0.0, uint64_t) is 0x%016" PRIx64,
           negative_zero);
  double zero = CVI_UNION_CAST(negative_zero, double);
  cv_check(&report, zero == 0 && signbit(zero), "CVI_UNION_CAST(0x8000000000000000, double) is %a", zero);

  // A quiet NaN with a payload and the sign set: a union keeps every bit, where a conversion might not.
  uint64_t payload_bits = UINT64_C(0xfff8000000c0ffee);
  double nan_value = CVI_UNION_CAST(payload_bits, double);
  cv_check(&report, isnan(nan_value), "CVI_UNION_CAST(0x%016" PRIx64 ", double) is not NaN", payload_bits);
  uint64_t payload_back = CVI_UNION_CAST(nan_value, uint64_t);
  cv_check(&report, payload_back == payload_bits, "the NaN payload 0x%016" PRIx64 " came back as 0x%016" PRIx64,
           payload_bits, payload_back);
  uint32_t float_payload = UINT32_C(0x7fc0beef);
  uint32_t float_payload_back = CVI_UNION_CAST(CVI_UNION_CAST(float_payload, float), uint32_t);
  cv_check(&report, float_payload_back == float_payload,
           "the float NaN payload 0x%08" PRIx32 " came back as 0x%08" PRIx32, float_payload, float_payload_back);

  return report.failures;
}
