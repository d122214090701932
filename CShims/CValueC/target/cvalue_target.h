/*
 * cvalue_target.h: C values asserted and logged on a target (firmware), reported on the host.
 *
 * Freestanding C99: no libc, no malloc, no printf, no type tables in flash. Each assertion or logged value
 * sends one record of bytes: the site (an offset into the .cvalue_sites section, which holds the type's name,
 * the file, the line and any message, and is not loaded: it stays in the ELF), sizeof the type, and both
 * values' bytes. The host (`cvalue log FIRMWARE.elf LOG`) reads the records and the firmware's ELF, and
 * decides: the target never judges a value, so padding, float tolerances, union rules and enum names are the
 * host's, applied when the log is decoded.
 *
 *   #include "cvalue_target.h"
 *   void cv_target_write(const void *bytes, size_t count) { uart_write(bytes, count); }  // the firmware's sink
 *
 *   CV_TARGET_BEGIN();                                  // once: names the build, so a log meets only its ELF
 *   CV_TARGET_ASSERT_EQ(struct reading, r, expected);   // r and expected are lvalues of struct reading
 *   CV_TARGET_LOG(struct config, config);
 *   CV_TARGET_ASSERT_EQ_ARRAY(struct reading, rs, expected_rs, 4);
 *   CV_TARGET_END();                                    // the host then knows the log is complete
 *
 * A record is one line of text, so that it survives interleaving with the firmware's other output on the same
 * UART or console: "CV1:" then the record's bytes in lowercase hex, ":", its CRC-32 in 8 hex digits, "\n".
 * The record (little-endian words): site (4 bytes), sizeof the type (4), count (4), then count values of the
 * actual side, then for an assertion count values of the expected side.
 *
 * Build: compile cvalue_target.c with the firmware, with -g (the host reads the types from DWARF), not as
 * position-independent code (the site is a link-time constant). The values are lvalues: their address is
 * taken. Supports GCC and clang (GNU assembler syntax for the site table).
 */
#ifndef CVALUE_TARGET_H
#define CVALUE_TARGET_H

#include <stddef.h>
#include <stdint.h>

#if defined(__PIC__) && !defined(CV_TARGET_ALLOW_PIC)
#error "cvalue_target.h: build without -fPIC/-fPIE (on a host: -fno-pie -no-pie): a site is a link-time offset"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The firmware's byte sink, which the firmware defines: a UART, semihosting, RTT, a RAM buffer. Each call
 * passes part of one record (at most CV_TARGET_CHUNK bytes); a record ends with "\n". */
void cv_target_write(const void *bytes, size_t count);

/* Sends one record: `count` values of `size` bytes at `actual`, and at `expected` unless it is NULL. */
void cv_target_record(uint32_t site, const void *actual, const void *expected, uint32_t size, uint32_t count);

/* The site kinds, as the host reads them from .cvalue_sites. */
#define CV_TARGET_KIND_BEGIN 0
#define CV_TARGET_KIND_ASSERT 1
#define CV_TARGET_KIND_LOG 2
#define CV_TARGET_KIND_ASSERT_ARRAY 3
#define CV_TARGET_KIND_LOG_ARRAY 4
#define CV_TARGET_KIND_END 5

#define CV_TARGET_STR2_(x) #x
#define CV_TARGET_STR_(x) CV_TARGET_STR2_(x)

/* One site: its entry in the non-loaded section .cvalue_sites (kind, type, file, line, message; each a
 * NUL-terminated string after the kind byte) under a symbol local to the translation unit, whose address (its
 * offset in the section) is the site's id. .ifndef keeps one entry when the compiler copies the statement
 * (inlining, unrolling). */
#define CV_TARGET_SITE_(n, kind, type, message) CV_TARGET_SITE2_(n, kind, type, message)
#define CV_TARGET_SITE2_(n, kind, type, message)                                                              \
  extern const char cv_target_site_##n[];                                                                       \
  __asm__(".ifndef cv_target_site_" #n "\n"                                                                    \
          ".pushsection .cvalue_sites,\"\"\n"                                                                    \
          "cv_target_site_" #n ":\n"                                                                             \
          ".byte " CV_TARGET_STR_(kind) "\n"                                                                      \
          ".asciz \"" type "\"\n"                                                                                \
          ".asciz \"" __FILE__ "\"\n"                                                                            \
          ".asciz \"" CV_TARGET_STR_(__LINE__) "\"\n"                                                            \
          ".asciz \"" message "\"\n"                                                                             \
          ".popsection\n"                                                                                        \
          ".endif\n");

#define CV_TARGET_CALL_(n, kind, type, message, actual, expected, size, count)                                   \
  do {                                                                                                           \
    CV_TARGET_SITE_(n, kind, type, message)                                                                      \
    cv_target_record((uint32_t)(uintptr_t)cv_target_site_##n, (actual), (expected), (uint32_t)(size),          \
                     (uint32_t)(count));                                                                         \
  } while (0)
#define CV_TARGET_CALL2_(n, kind, type, message, actual, expected, size, count)                                  \
  CV_TARGET_CALL_(n, kind, type, message, actual, expected, size, count)

/* Asserts that `actual` equals `expected` (lvalues of type T); the host decides, field by field. */
#define CV_TARGET_ASSERT_EQ(T, actual, expected)                                                                 \
  CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_ASSERT, #T, "", &(actual), &(expected), sizeof(T), 1)
/* The same, with a message (a string literal) the host shows; it stays in the ELF, not in flash. */
#define CV_TARGET_ASSERT_EQ_MSG(T, actual, expected, message)                                                    \
  CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_ASSERT, #T, message, &(actual), &(expected), sizeof(T), 1)
/* Asserts that the `n` elements of type T at `actual` equal those at `expected` (pointers or arrays). */
#define CV_TARGET_ASSERT_EQ_ARRAY(T, actual, expected, n)                                                        \
  CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_ASSERT_ARRAY, #T, "", (actual), (expected), sizeof(T), (n))
/* Logs `value` (an lvalue of type T) for the host to describe as a C initializer. */
#define CV_TARGET_LOG(T, value)                                                                                  \
  CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_LOG, #T, "", &(value), (const void *)0, sizeof(T), 1)
/* The same, with a message. */
#define CV_TARGET_LOG_MSG(T, value, message)                                                                     \
  CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_LOG, #T, message, &(value), (const void *)0, sizeof(T), 1)
/* Logs the `n` elements of type T at `values`. */
#define CV_TARGET_LOG_ARRAY(T, values, n)                                                                        \
  CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_LOG_ARRAY, #T, "", (values), (const void *)0, sizeof(T), (n))

/* The build's stamp, a string literal: by default the compile date and time of the file that calls
 * CV_TARGET_BEGIN; define it to name the build better, e.g. -DCV_TARGET_BUILD_STAMP="\"$(git describe)\"". */
#ifndef CV_TARGET_BUILD_STAMP
#define CV_TARGET_BUILD_STAMP __DATE__ " " __TIME__
#endif

/* Starts a log: sends this build's stamp (its bytes are in flash once; the site entry holds it too), by which
 * the host refuses a log decoded with another build's ELF. Call it once, before any other record. */
#define CV_TARGET_BEGIN()                                                                                        \
  do {                                                                                                           \
    static const char cv_target_stamp_[] = CV_TARGET_BUILD_STAMP;                                               \
    CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_BEGIN, "", CV_TARGET_BUILD_STAMP, cv_target_stamp_,             \
                     (const void *)0, sizeof cv_target_stamp_ - 1, 1);                                           \
  } while (0)
/* Ends a log: the host reports a log without it, from an ELF that has it, as cut short. */
#define CV_TARGET_END() CV_TARGET_CALL2_(__COUNTER__, CV_TARGET_KIND_END, "", "", (const void *)0, (const void *)0, 0, 0)

/* How many bytes cv_target_record passes to cv_target_write at most at a time (its buffer, on the stack). */
#ifndef CV_TARGET_CHUNK
#define CV_TARGET_CHUNK 32
#endif

#ifdef __cplusplus
}
#endif

#endif /* CVALUE_TARGET_H */
