// The libraries are found once per process, under pthread_once, and never closed.
#include "CDecompress.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

typedef int (*cv_uncompress_function)(void *, unsigned long *, const void *, unsigned long);
typedef size_t (*cv_zstd_decompress_function)(void *, size_t, const void *, size_t);
typedef unsigned (*cv_zstd_is_error_function)(size_t);
typedef const char *(*cv_zstd_error_name_function)(size_t);

static cv_uncompress_function cv_uncompress;
static cv_zstd_decompress_function cv_zstd_decompress;
static cv_zstd_is_error_function cv_zstd_is_error;
static cv_zstd_error_name_function cv_zstd_error_name;
static pthread_once_t cv_zlib_once = PTHREAD_ONCE_INIT;
static pthread_once_t cv_zstd_once = PTHREAD_ONCE_INIT;

static void *cv_open_first(const char *const *names) {
  for (; *names != NULL; names++) {
    void *handle = dlopen(*names, RTLD_NOW | RTLD_LOCAL);
    if (handle != NULL) return handle;
  }
  return NULL;
}

static void cv_load_zlib(void) {
  static const char *const names[] = {"libz.so.1", "libz.so", "/usr/lib/libz.1.dylib", "libz.1.dylib", NULL};
  void *handle = cv_open_first(names);
  if (handle != NULL) *(void **)&cv_uncompress = dlsym(handle, "uncompress");
}

static void cv_load_zstd(void) {
  static const char *const names[] = {
    "libzstd.so.1", "libzstd.so", "libzstd.1.dylib", "/opt/homebrew/lib/libzstd.1.dylib",
    "/usr/local/lib/libzstd.1.dylib", NULL};
  void *handle = cv_open_first(names);
  if (handle == NULL) return;
  *(void **)&cv_zstd_is_error = dlsym(handle, "ZSTD_isError");
  *(void **)&cv_zstd_error_name = dlsym(handle, "ZSTD_getErrorName");
  // Set last: it is what says the library is there.
  if (cv_zstd_is_error != NULL && cv_zstd_error_name != NULL) {
    *(void **)&cv_zstd_decompress = dlsym(handle, "ZSTD_decompress");
  }
}

cv_decompress_status cv_decompress_zlib(
  void *destination, size_t destination_size, const void *source, size_t source_size, char *buffer,
  size_t buffer_size, const char **problem) {
  pthread_once(&cv_zlib_once, cv_load_zlib);
  if (cv_uncompress == NULL) {
    *problem = "zlib (libz.so.1) could not be loaded: install zlib1g";
    return CV_DECOMPRESS_UNAVAILABLE;
  }
  unsigned long length = destination_size;
  int status = cv_uncompress(destination, &length, source, source_size);
  if (status == 0 && length == destination_size) return CV_DECOMPRESS_OK;
  if (status == 0) {
    snprintf(buffer, buffer_size, "it inflates to %lu bytes, not the %zu its header says", length, destination_size);
  } else if (status == -5) {  // Z_BUF_ERROR
    snprintf(buffer, buffer_size, "it inflates to more than the %zu bytes its header says", destination_size);
  } else {
    snprintf(buffer, buffer_size, "zlib error %d", status);
  }
  *problem = buffer;
  return CV_DECOMPRESS_CORRUPT;
}

cv_decompress_status cv_decompress_zstd(
  void *destination, size_t destination_size, const void *source, size_t source_size, char *buffer,
  size_t buffer_size, const char **problem) {
  pthread_once(&cv_zstd_once, cv_load_zstd);
  if (cv_zstd_decompress == NULL) {
    *problem = "zstd (libzstd.so.1) could not be loaded: install libzstd1 (on macOS: brew install zstd)";
    return CV_DECOMPRESS_UNAVAILABLE;
  }
  size_t result = cv_zstd_decompress(destination, destination_size, source, source_size);
  if (!cv_zstd_is_error(result) && result == destination_size) return CV_DECOMPRESS_OK;
  if (cv_zstd_is_error(result)) {
    snprintf(buffer, buffer_size, "zstd: %s", cv_zstd_error_name(result));
  } else {
    snprintf(buffer, buffer_size, "it decompresses to %zu bytes, not the %zu its header says", result, destination_size);
  }
  *problem = buffer;
  return CV_DECOMPRESS_CORRUPT;
}
