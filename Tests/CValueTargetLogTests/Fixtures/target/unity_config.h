/* unity_config.h: Unity on a target with no C library (-DUNITY_INCLUDE_CONFIG_H): each character through
 * semihosting's SYS_WRITEC (semihost() is the startup file's), no setjmp (a failing assertion returns from its
 * test), no math.h. */
int semihost(int operation, const void *argument);
#define UNITY_OUTPUT_CHAR(c)                 \
  do {                                       \
    char unity_character_ = (char)(c);       \
    semihost(0x03, &unity_character_);       \
  } while (0)
#define UNITY_EXCLUDE_SETJMP_H
#define UNITY_EXCLUDE_MATH_H
