// CShimChecks: CValueShim exercised from C, for what only a C caller can reach (the CVI_UNION_CAST macro).
// Each check returns the number of failures and writes the first one's description into `message`.
#ifndef CVALUEKIT_CSHIMCHECKS_H
#define CVALUEKIT_CSHIMCHECKS_H

#include <stddef.h>

#include "SensorReading.h"

/// Runs CVI_UNION_CAST over float/uint32_t, double/uint64_t, a struct/uint64_t, negative zero and a NaN
/// payload. Returns the number of failures; `message` (of `capacity` bytes, always terminated when
/// capacity > 0) gets the first failure, or "" when there is none.
int cv_check_union_cast(char *message, size_t capacity);

#endif
