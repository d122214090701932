/* The cmocka suites' check of one call's outcome: its status and its message, exactly. */
#ifndef CVALUE_EXPECT_H
#define CVALUE_EXPECT_H

#include <cvalue.h>

/* The call returns `status` and hands out exactly `text` (NULL: no message), which is freed here. */
#define expect_status(call, status, text)              \
  do {                                                 \
    char *message = NULL;                              \
    cv_status got = (call);                            \
    assert_string_equal(cv_status_name(got), #status); \
    if ((text) == NULL) {                              \
      assert_null(message);                            \
    } else {                                           \
      assert_non_null(message);                        \
      assert_string_equal(message, (text));            \
    }                                                  \
    cv_free(message);                                  \
  } while (0)

#endif /* CVALUE_EXPECT_H */
