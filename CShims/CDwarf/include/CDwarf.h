// CDwarf: the few declarations of elfutils' libdw and libdwfl C API (elfutils/libdw.h, elfutils/libdwfl.h)
// that CValueDebugInfo uses, written out here because users rarely have libdw-dev installed. Nothing links
// libdw: it is dlopen'ed at run time and cv_dwarf_load fills a table of its functions with dlsym.
//
// The struct layouts are those of libdw.h, unchanged since elfutils 0.1xx; dwarf_get_units (0.171) is the
// newest function used.
#ifndef CVALUEKIT_CDWARF_H
#define CVALUEKIT_CDWARF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Only the function pointers of cv_dwarf_api say _Nonnull; every other pointer keeps C's meaning.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

// MARK: Types (layouts as in elfutils/libdw.h)

typedef struct Dwarf Dwarf;
typedef struct Dwarf_CU Dwarf_CU;
typedef struct Dwarf_Abbrev Dwarf_Abbrev;
typedef struct Dwfl Dwfl;
typedef struct Dwfl_Module Dwfl_Module;
typedef uint64_t Dwarf_Word;
typedef uint64_t Dwarf_Off;
typedef uint64_t Dwarf_Addr;
typedef int64_t Dwarf_Sword;
typedef uint16_t Dwarf_Half;

typedef struct {
  void *addr;
  Dwarf_CU *cu;
  Dwarf_Abbrev *abbrev;
  long int padding__;
} Dwarf_Die;

typedef struct {
  unsigned int code;
  unsigned int form;
  unsigned char *valp;
  Dwarf_CU *cu;
} Dwarf_Attribute;

typedef struct {
  uint8_t atom;
  Dwarf_Word number;
  Dwarf_Word number2;
  Dwarf_Word offset;
} Dwarf_Op;

typedef struct {
  Dwarf_Word length;
  unsigned char *data;
} Dwarf_Block;

/// Dwfl_Callbacks, with its function pointers as libdw's own functions (dlsym'ed).
typedef struct {
  void *find_elf;
  void *find_debuginfo;
  void *section_address;
  char **debuginfo_path;
} cv_dwfl_callbacks;

// MARK: The functions used, filled by cv_dwarf_load

typedef struct {
  Dwfl *(*_Nonnull dwfl_begin)(const cv_dwfl_callbacks *callbacks);
  void (*_Nonnull dwfl_end)(Dwfl *dwfl);
  int (*_Nonnull dwfl_errno)(void);
  const char *(*_Nonnull dwfl_errmsg)(int error);
  Dwfl_Module *(*_Nonnull dwfl_report_offline)(Dwfl *dwfl, const char *name, const char *file, int fd);
  int (*_Nonnull dwfl_report_end)(Dwfl *dwfl, void *removed, void *arg);
  Dwarf *(*_Nonnull dwfl_module_getdwarf)(Dwfl_Module *module, Dwarf_Addr *bias);
  int (*_Nonnull dwarf_get_units)(
    Dwarf *dwarf, Dwarf_CU *cu, Dwarf_CU **next, Dwarf_Half *version, uint8_t *unit_type, Dwarf_Die *cudie,
    Dwarf_Die *subdie);
  Dwarf_Die *(*_Nonnull dwarf_offdie)(Dwarf *dwarf, Dwarf_Off offset, Dwarf_Die *result);
  Dwarf_Die *(*_Nonnull dwarf_offdie_types)(Dwarf *dwarf, Dwarf_Off offset, Dwarf_Die *result);
  int (*_Nonnull dwarf_child)(Dwarf_Die *die, Dwarf_Die *result);
  int (*_Nonnull dwarf_siblingof)(Dwarf_Die *die, Dwarf_Die *result);
  int (*_Nonnull dwarf_tag)(Dwarf_Die *die);
  const char *(*_Nonnull dwarf_diename)(Dwarf_Die *die);
  Dwarf_Off (*_Nonnull dwarf_dieoffset)(Dwarf_Die *die);
  int (*_Nonnull dwarf_hasattr_integrate)(Dwarf_Die *die, unsigned int name);
  Dwarf_Attribute *(*_Nonnull dwarf_attr_integrate)(Dwarf_Die *die, unsigned int name, Dwarf_Attribute *result);
  Dwarf_Attribute *(*_Nonnull dwarf_attr)(Dwarf_Die *die, unsigned int name, Dwarf_Attribute *result);
  int (*_Nonnull dwarf_formudata)(Dwarf_Attribute *attribute, Dwarf_Word *value);
  int (*_Nonnull dwarf_formsdata)(Dwarf_Attribute *attribute, Dwarf_Sword *value);
  int (*_Nonnull dwarf_formflag)(Dwarf_Attribute *attribute, bool *value);
  const char *(*_Nonnull dwarf_formstring)(Dwarf_Attribute *attribute);
  Dwarf_Die *(*_Nonnull dwarf_formref_die)(Dwarf_Attribute *attribute, Dwarf_Die *result);
  int (*_Nonnull dwarf_getlocation)(Dwarf_Attribute *attribute, Dwarf_Op **expression, size_t *length);
  ptrdiff_t (*_Nonnull dwarf_getattrs)(
    Dwarf_Die *die, int (*callback)(Dwarf_Attribute *, void *), void *argument, ptrdiff_t offset);
  int (*_Nonnull dwarf_formblock)(Dwarf_Attribute *attribute, Dwarf_Block *block);
  /// A unit's id (a skeleton's or split unit's DWO id, a type unit's signature) among what it gives.
  int (*_Nonnull dwarf_cu_info)(
    Dwarf_CU *cu, Dwarf_Half *version, uint8_t *unit_type, Dwarf_Die *cudie, Dwarf_Die *subdie, uint64_t *unit_id,
    uint8_t *address_size, uint8_t *offset_size);
  /// Opens the DWARF of an ELF file by descriptor (a unit of a `.dwp` package, written out as a `.dwo`).
  Dwarf *(*_Nonnull dwarf_begin)(int descriptor, int command);
  int (*_Nonnull dwarf_end)(Dwarf *dwarf);
  /// The DWARF a unit is of (a split unit's is its .dwo file's), for the type units beside it.
  Dwarf *(*_Nonnull dwarf_cu_getdwarf)(Dwarf_CU *cu);
  void *_Nonnull find_elf;
  void *_Nonnull find_debuginfo;
  void *_Nonnull section_address;
  /// The build id libdwfl read from a module's ELF file, for the local search of its debug file.
  int (*_Nonnull dwfl_module_build_id)(Dwfl_Module *module, const unsigned char **bits, Dwarf_Addr *address);
} cv_dwarf_api;

/// dlopen with RTLD_NOW | RTLD_LOCAL, or NULL.
void *cv_dwarf_open(const char *path);
void cv_dwarf_close(void *handle);
/// Fills `api` from `handle`; returns NULL, or the name of the first symbol the library lacks.
const char *cv_dwarf_load(void *handle, cv_dwarf_api *api);
/// The file the library was loaded from, or NULL.
const char *cv_dwarf_library_path(void *handle);
/// The file of the loaded image holding `address` (the executable or a shared library), or NULL.
const char *cv_dwarf_image_path(const void *address);

/// A file in memory (memfd_create) holding `count` bytes, its descriptor open for reading, or -1: a unit of a
/// `.dwp` package written out as a `.dwo`, for dwarf_begin.
int cv_dwarf_memory_file(const void *bytes, size_t count);

/// The seconds without progress after which a debuginfod download is given up, when DEBUGINFOD_TIMEOUT is
/// not set (libdebuginfod's own default is 90).
#define CV_DEBUGINFOD_DEFAULT_TIMEOUT "10"

/// A Dwfl session for files read offline (executables, shared libraries, relocatable objects, whose
/// relocations libdwfl applies), finding separate debug files by build-id and debuglink on this machine only:
/// libdwfl's standard search is asked only when a file it looks for by build id or debug link is there, so its
/// last step, a debuginfod server named by DEBUGINFOD_URLS, is never reached for a file that has none. With
/// `fetch_from_debuginfod`, the standard search runs whole, the servers of DEBUGINFOD_URLS included, and
/// DEBUGINFOD_TIMEOUT is set to CV_DEBUGINFOD_DEFAULT_TIMEOUT where it is not set.
Dwfl *cv_dwarf_begin(const cv_dwarf_api *api, bool fetch_from_debuginfod);

/// An attribute (DW_AT_*) of `die` as an unsigned or signed constant, or a reference: 1 when present and
/// read, 0 when absent, -1 when present but not of that form.
int cv_dwarf_udata(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, uint64_t *value);
int cv_dwarf_sdata(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, int64_t *value);
/// The form (DW_FORM_*) an attribute of `die` is written in, 0 when absent: a constant's width and signedness
/// depend on it (libdw's dwarf_formsdata sign-extends DW_FORM_data1, so that gcc's upper bound 199 reads -57).
int cv_dwarf_form(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name);
int cv_dwarf_flag(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name);
/// A flag of `die` itself, not of the declaration its DW_AT_specification names: g++ writes a record's
/// definition with a DW_AT_specification to its declaration, whose DW_AT_declaration is not the definition's.
int cv_dwarf_own_flag(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name);
/// A string attribute of `die` (DW_AT_comp_dir, DW_AT_dwo_name), or NULL when absent or not a string.
const char *cv_dwarf_string(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name);
int cv_dwarf_ref(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, Dwarf_Die *result);
/// The 8-byte type signature an attribute of `die` written as DW_FORM_ref_sig8 holds, as its bytes read in this
/// machine's order: 1 when read, 0 when absent, -1 when of another form. libdw resolves a signature only to
/// a type unit of the same file, and a `.dwp` package's type units are files of their own.
int cv_dwarf_signature(const cv_dwarf_api *api, Dwarf_Die *die, unsigned int name, uint64_t *signature);
/// DW_AT_data_member_location as a constant or a location expression (`DW_OP_plus_uconst n`, as gcc
/// -gdwarf-2 writes it): 1 when read, 0 when absent (a union member), -1 for another expression.
int cv_dwarf_member_location(const cv_dwarf_api *api, Dwarf_Die *die, uint64_t *offset);

// MARK: Fingerprints

/// Remembers the fingerprints of the DIEs of one unit (by address), and which are being computed.
typedef struct cv_dwarf_fingerprints cv_dwarf_fingerprints;

cv_dwarf_fingerprints *cv_dwarf_fingerprints_create(void);
void cv_dwarf_fingerprints_destroy(cv_dwarf_fingerprints *fingerprints);
/// Forgets every DIE: the next unit's DIEs are elsewhere.
void cv_dwarf_fingerprints_clear(cv_dwarf_fingerprints *fingerprints);

/// A 64-bit fingerprint of a type DIE and every type it holds: its tag, every attribute but where it is declared
/// (DW_AT_decl_file, _line, _column, DW_AT_sibling) with its value, its children in order, a reference followed
/// to the fingerprint of the DIE it names; through a pointer or reference only the pointee's kind and name (the
/// reader never follows a pointer into a record), a member function by its kind and names alone. Two DIEs of
/// one fingerprint read as one definition; DIEs that differ in anything the reader sees differ in fingerprint
/// (a reference to another unit's DIE, which only LTO and dwz write, adds that DIE's offset, so that such
/// definitions are never taken for one another).
uint64_t cv_dwarf_fingerprint(const cv_dwarf_api *api, Dwarf_Die *die, cv_dwarf_fingerprints *fingerprints);

#pragma clang diagnostic pop

#ifdef __cplusplus
}
#endif

#endif
