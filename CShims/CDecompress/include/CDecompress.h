// CDecompress: zlib's and zstd's one-shot decompression, for the compressed debug sections CValueDWARF reads.
// Nothing links either library: each is dlopen'ed the first time a section needs it (libz.so.1 is on every Linux
// and macOS system; libzstd.so.1 on every Debian one, on macOS Homebrew's), so a process that never meets a
// compressed section loads neither, and a missing one is refused by name.
#ifndef CVALUEKIT_CDECOMPRESS_H
#define CVALUEKIT_CDECOMPRESS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  CV_DECOMPRESS_OK = 0,
  /// The library could not be loaded: `problem` says which, and what to install.
  CV_DECOMPRESS_UNAVAILABLE = 1,
  /// The bytes are not a stream that decompresses to exactly the size asked for: `problem` says why.
  CV_DECOMPRESS_CORRUPT = 2,
} cv_decompress_status;

/// Inflates the zlib stream `source` (`source_size` bytes) into `destination`, which must become exactly
/// `destination_size` bytes. `problem` is set to a static string, or to one written into `buffer`.
cv_decompress_status cv_decompress_zlib(
  void *destination, size_t destination_size, const void *source, size_t source_size, char *buffer,
  size_t buffer_size, const char **problem);

/// The same for zstd frames.
cv_decompress_status cv_decompress_zstd(
  void *destination, size_t destination_size, const void *source, size_t source_size, char *buffer,
  size_t buffer_size, const char **problem);

#ifdef __cplusplus
}
#endif

#endif
