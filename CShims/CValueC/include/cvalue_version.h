/*
 * cvalue_version.h: the version of CValueKit's C library, the one place it is written. cvalue.h includes it;
 * the tool (`cvalue --version`), cvalue.pc, the CMake package files and the release archive read it from here,
 * and CI checks that CHANGELOG.md's newest heading names the same version.
 *
 *   #if CV_AT_LEAST_VERSION(1, 1, 0)
 *   ... use what 1.1 added ...
 *   #endif
 *
 * The header's version is the one a caller was compiled against; cv_version_number() tells the one it runs
 * with. Within one major version the library only grows: a caller built against 1.x runs with any later 1.y.
 */
#ifndef CVALUE_VERSION_H
#define CVALUE_VERSION_H

#define CV_VERSION_MAJOR 1
#define CV_VERSION_MINOR 0
#define CV_VERSION_PATCH 0
#define CV_VERSION_STRING "1.0.0"

/* 0xMMmmpp: one byte each for the major, minor and patch numbers (1.0.0 is 0x010000), as LIBCURL_VERSION_NUM. */
#define CV_VERSION_NUMBER ((CV_VERSION_MAJOR << 16) | (CV_VERSION_MINOR << 8) | CV_VERSION_PATCH)

/* Whether the header is at least version major.minor.patch. */
#define CV_AT_LEAST_VERSION(major, minor, patch) \
  (CV_VERSION_NUMBER >= (((major) << 16) | ((minor) << 8) | (patch)))

#endif /* CVALUE_VERSION_H */
