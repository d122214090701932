// dlsym for each function of cv_dwarf_api, the Dwfl callbacks, and attribute readers that keep Swift short.
#define _GNU_SOURCE  // dladdr
#include "CDwarf.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CV_LOAD(field, symbol)                         \
  do {                                                 \
    *(void **)(&api->field) = dlsym(handle, #symbol); \
    if (api->field == NULL) return #symbol;            \
  } while (0)

void *cv_dwarf_open(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

void cv_dwarf_close(void *handle) { dlclose(handle); }

const char *cv_dwarf_load(void *handle, cv_dwarf_api *api) {
  CV_LOAD(dwfl_begin, dwfl_begin);
  CV_LOAD(dwfl_end, dwfl_end);
  CV_LOAD(dwfl_errno, dwfl_errno);
  CV_LOAD(dwfl_errmsg, dwfl_errmsg);
  CV_LOAD(dwfl_report_offline, dwfl_report_offline);
  CV_LOAD(dwfl_report_end, dwfl_report_end);
  CV_LOAD(dwfl_module_getdwarf, dwfl_module_getdwarf);
  CV_LOAD(dwarf_get_units, dwarf_get_units);
  CV_LOAD(dwarf_offdie, dwarf_offdie);
  CV_LOAD(dwarf_offdie_types, dwarf_offdie_types);
  CV_LOAD(dwarf_child, dwarf_child);
  CV_LOAD(dwarf_siblingof, dwarf_siblingof);
  CV_LOAD(dwarf_tag, dwarf_tag);
  CV_LOAD(dwarf_diename, dwarf_diename);
  CV_LOAD(dwarf_dieoffset, dwarf_dieoffset);
  CV_LOAD(dwarf_hasattr_integrate, dwarf_hasattr_integrate);
  CV_LOAD(dwarf_attr_integrate, dwarf_attr_integrate);
  CV_LOAD(dwarf_attr, dwarf_attr);
  CV_LOAD(dwarf_formudata, dwarf_formudata);
  CV_LOAD(dwarf_formsdata, dwarf_formsdata);
  CV_LOAD(dwarf_formflag, dwarf_formflag);
  CV_LOAD(dwarf_formstring, dwarf_formstring);
  CV_LOAD(dwarf_formref_die, dwarf_formref_die);
  CV_LOAD(dwarf_getlocation, dwarf_getlocation);
  CV_LOAD(dwarf_getattrs, dwarf_getattrs);
  CV_LOAD(dwarf_formblock, dwarf_formblock);
  CV_LOAD(dwarf_cu_info, dwarf_cu_info);
  CV_LOAD(dwarf_begin, dwarf_begin);
  CV_LOAD(dwarf_end, dwarf_end);
  CV_LOAD(dwarf_cu_getdwarf, dwarf_cu_getdwarf);
  CV_LOAD(find_elf, dwfl_build_id_find_elf);
  CV_LOAD(find_debuginfo, dwfl_standard_find_debuginfo);
  CV_LOAD(section_address, dwfl_offline_section_address);
  CV_LOAD(dwfl_module_build_id, dwfl_module_build_id);
  return NULL;
}

#undef CV_LOAD

const char *cv_dwarf_library_path(void *handle) {
  void *symbol = dlsym(handle, "dwfl_begin");
  Dl_info info;
  if (symbol == NULL || dladdr(symbol, &info) == 0) return NULL;
  return info.dli_fname;
}

const char *cv_dwarf_image_path(const void *address) {
  Dl_info info;
  if (dladdr(address, &info) == 0) return NULL;
  return info.dli_fname;
}

// libdwfl keeps the pointer to its callbacks: one set per process, filled from the one libdw loaded, once,
// under a lock that every reader takes first, so that threads beginning sessions at once do not race on it.
static char *cv_debuginfo_path = NULL;
static cv_dwfl_callbacks cv_callbacks;           // this machine's debug files only
static cv_dwfl_callbacks cv_callbacks_fetching;  // libdwfl's standard search, debuginfod included
static bool cv_callbacks_filled = false;
static pthread_mutex_t cv_callbacks_lock = PTHREAD_MUTEX_INITIALIZER;

typedef int (*cv_find_debuginfo_function)(
  Dwfl_Module *module, void **userdata, const char *module_name, Dwarf_Addr base, const char *file_name,
  const char *debuglink_file, uint32_t debuglink_crc, char **debuginfo_file_name);
static cv_find_debuginfo_function cv_standard_find_debuginfo;
static int (*cv_module_build_id)(Dwfl_Module *module, const unsigned char **bits, Dwarf_Addr *address);

// Where libdwfl's standard search looks, with its default path (":.debug:/usr/lib/debug"): by build id under
// /usr/lib/debug/.build-id, and by the debug link's name (the file's own name and ".debug" without one) beside
// the file, in .debug beside it, and under /usr/lib/debug with the file's directory; a link that is a path
// (a dwz file's .gnu_debugaltlink) as written, or from the file's directory.
static bool cv_readable_other(const char *path, const struct stat *self) {
  struct stat status;
  if (stat(path, &status) != 0 || access(path, R_OK) != 0) return false;
  return self == NULL || status.st_dev != self->st_dev || status.st_ino != self->st_ino;
}

static bool cv_local_debuginfo_exists(Dwfl_Module *module, const char *file_name, const char *debuglink_file) {
  char path[PATH_MAX];
  const unsigned char *bits = NULL;
  Dwarf_Addr address = 0;
  int length = cv_module_build_id(module, &bits, &address);
  if (length > 1 && bits != NULL) {
    int written = snprintf(path, sizeof path, "/usr/lib/debug/.build-id/%02x/", bits[0]);
    for (int i = 1; i < length && written > 0 && (size_t)written + 3 < sizeof path; i++)
      written += snprintf(path + written, sizeof path - (size_t)written, "%02x", bits[i]);
    if (written > 0 && (size_t)written + 7 < sizeof path) {
      strcpy(path + written, ".debug");
      if (access(path, R_OK) == 0) return true;
    }
  }
  if (file_name == NULL) return false;
  struct stat self_status;
  const struct stat *self = stat(file_name, &self_status) == 0 ? &self_status : NULL;
  char directory[PATH_MAX];
  char *resolved = realpath(file_name, NULL);
  snprintf(directory, sizeof directory, "%s", resolved != NULL ? resolved : file_name);
  free(resolved);
  char *slash = strrchr(directory, '/');
  const char *base = slash != NULL ? slash + 1 : directory;
  char own_name[PATH_MAX];
  snprintf(own_name, sizeof own_name, "%s.debug", base);
  if (slash != NULL) *slash = '\0';
  else strcpy(directory, ".");
  const char *name = debuglink_file != NULL ? debuglink_file : own_name;
  if (name[0] == '/') return cv_readable_other(name, self);
  const char *patterns[] = {"%s/%s", "%s/.debug/%s", "/usr/lib/debug%s/%s"};
  for (size_t i = 0; i < sizeof patterns / sizeof *patterns; i++) {
    int written = snprintf(path, sizeof path, patterns[i], directory, name);
    if (written > 0 && (size_t)written < sizeof path && cv_readable_other(path, self)) return true;
  }
  return false;
}

static int cv_find_debuginfo_locally(
  Dwfl_Module *module, void **userdata, const char *module_name, Dwarf_Addr base, const char *file_name,
  const char *debuglink_file, uint32_t debuglink_crc, char **debuginfo_file_name) {
  if (!cv_local_debuginfo_exists(module, file_name, debuglink_file)) {
    errno = 0;  // nothing found, which is no error
    return -1;
  }
  return cv_standard_find_debuginfo(
    module, userdata, module_name, base, file_name, debuglink_file, debuglink_crc, debuginfo_file_name);
}

Dwfl *cv_dwarf_begin(const cv_dwarf_api *api, bool fetch_from_debuginfod) {
  pthread_mutex_lock(&cv_callbacks_lock);
  if (!cv_callbacks_filled) {
    cv_standard_find_debuginfo = (cv_find_debuginfo_function)api->find_debuginfo;
    cv_module_build_id = api->dwfl_module_build_id;
    cv_callbacks.find_elf = api->find_elf;
    cv_callbacks.find_debuginfo = (void *)cv_find_debuginfo_locally;
    cv_callbacks.section_address = api->section_address;
    cv_callbacks.debuginfo_path = &cv_debuginfo_path;
    cv_callbacks_fetching = cv_callbacks;
    cv_callbacks_fetching.find_debuginfo = api->find_debuginfo;
    cv_callbacks_filled = true;
  }
  if (fetch_from_debuginfod) {
    // A bounded wait: libdebuginfod gives up on a server that sends nothing for 90 s by default.
    setenv("DEBUGINFOD_TIMEOUT", CV_DEBUGINFOD_DEFAULT_TIMEOUT, 0);
  }
  pthread_mutex_unlock(&cv_callbacks_lock);
  return api->dwfl_begin(fetch_from_debuginfod ? &cv_callbacks_fetching : &cv_callbacks);
}

int cv_dwarf_udata(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, uint64_t *value) {
  Dwarf_Attribute attribute;
  if (api->dwarf_attr_integrate(die, name, &attribute) == NULL) return 0;
  return api->dwarf_formudata(&attribute, value) == 0 ? 1 : -1;
}

int cv_dwarf_sdata(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, int64_t *value) {
  Dwarf_Attribute attribute;
  if (api->dwarf_attr_integrate(die, name, &attribute) == NULL) return 0;
  return api->dwarf_formsdata(&attribute, value) == 0 ? 1 : -1;
}

int cv_dwarf_form(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name) {
  Dwarf_Attribute attribute;
  if (api->dwarf_attr_integrate(die, name, &attribute) == NULL) return 0;
  return (int)attribute.form;
}

const char *cv_dwarf_string(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name) {
  Dwarf_Attribute attribute;
  if (api->dwarf_attr_integrate(die, name, &attribute) == NULL) return NULL;
  return api->dwarf_formstring(&attribute);
}

int cv_dwarf_flag(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name) {
  Dwarf_Attribute attribute;
  bool flag = false;
  if (api->dwarf_attr_integrate(die, name, &attribute) == NULL) return 0;
  return api->dwarf_formflag(&attribute, &flag) == 0 && flag ? 1 : 0;
}

int cv_dwarf_own_flag(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name) {
  Dwarf_Attribute attribute;
  bool flag = false;
  if (api->dwarf_attr(die, name, &attribute) == NULL) return 0;
  return api->dwarf_formflag(&attribute, &flag) == 0 && flag ? 1 : 0;
}

int cv_dwarf_ref(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, Dwarf_Die *result) {
  Dwarf_Attribute attribute;
  if (api->dwarf_attr_integrate(die, name, &attribute) == NULL) return 0;
  return api->dwarf_formref_die(&attribute, result) != NULL ? 1 : -1;
}

int cv_dwarf_signature(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, uint64_t *signature) {
  Dwarf_Attribute attribute;
  if (api->dwarf_attr_integrate(die, name, &attribute) == NULL) return 0;
  if (attribute.form != 0x20 || attribute.valp == NULL) return -1;  // DW_FORM_ref_sig8
  memcpy(signature, attribute.valp, sizeof *signature);
  return 1;
}

enum { CV_DW_AT_data_member_location = 0x38, CV_DW_OP_plus_uconst = 0x23, CV_DW_OP_constu = 0x10 };

int cv_dwarf_member_location(const cv_dwarf_api *api, Dwarf_Die *die, uint64_t *offset) {
  Dwarf_Attribute attribute;
  if (api->dwarf_attr_integrate(die, CV_DW_AT_data_member_location, &attribute) == NULL) return 0;
  if (api->dwarf_formudata(&attribute, offset) == 0) return 1;
  Dwarf_Op *expression = NULL;
  size_t length = 0;
  if (api->dwarf_getlocation(&attribute, &expression, &length) != 0 || length != 1) return -1;
  if (expression[0].atom != CV_DW_OP_plus_uconst && expression[0].atom != CV_DW_OP_constu) return -1;
  *offset = expression[0].number;
  return 1;
}

int cv_dwarf_memory_file(const void *bytes, size_t count) {
  int descriptor = memfd_create("cvalue-dwp-unit", MFD_CLOEXEC);
  if (descriptor < 0) return -1;
  const char *next = bytes;
  size_t left = count;
  while (left > 0) {
    ssize_t written = write(descriptor, next, left);
    if (written <= 0) {
      close(descriptor);
      return -1;
    }
    next += written;
    left -= (size_t)written;
  }
  return descriptor;
}
