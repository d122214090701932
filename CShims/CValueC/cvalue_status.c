#include "cvalue.h"

const char *cv_status_name(cv_status status) {
  static const char *const names[] = {
      "CV_OK",           "CV_ERROR_ARGUMENT", "CV_ERROR_UNKNOWN_TYPE", "CV_ERROR_SIZE",
      "CV_ERROR_ENCODING", "CV_ERROR_PATH",   "CV_ERROR_LITERAL",      "CV_ERROR_CATALOG",
      "CV_ERROR_IMPORT", "CV_ERROR_OPTION",   "CV_ERROR_LAYOUT",       "CV_ERROR_FUNCTION",
  };
  if (status < 0 || (size_t)status >= sizeof names / sizeof names[0]) return "CV_UNKNOWN_STATUS";
  return names[status];
}
