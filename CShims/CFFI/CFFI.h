// The one header through which Swift sees libffi.
//
// Swift 6 rejects taking the address of libffi's mutable `ffi_type_*` globals
// (`&ffi_type_double` is shared mutable state), so every type descriptor is
// reached through a `static inline` accessor instead. Only the FFI folder of
// CValueKit imports this module.
#ifndef CVALUEKIT_CFFI_H
#define CVALUEKIT_CFFI_H

#include <ffi.h>

static inline ffi_type *cvi_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *cvi_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *cvi_ffi_type_sint8(void) { return &ffi_type_sint8; }
static inline ffi_type *cvi_ffi_type_uint16(void) { return &ffi_type_uint16; }
static inline ffi_type *cvi_ffi_type_sint16(void) { return &ffi_type_sint16; }
static inline ffi_type *cvi_ffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *cvi_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *cvi_ffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *cvi_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *cvi_ffi_type_float(void) { return &ffi_type_float; }
static inline ffi_type *cvi_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *cvi_ffi_type_longdouble(void) { return &ffi_type_longdouble; }
static inline ffi_type *cvi_ffi_type_pointer(void) { return &ffi_type_pointer; }

// The complex types exist only where libffi's target supports them; elsewhere
// these return NULL, so Swift can refuse `_Complex` arguments at registration.
static inline ffi_type *cvi_ffi_type_complex_float_or_null(void) {
#if defined(FFI_TARGET_HAS_COMPLEX_TYPE)
  return &ffi_type_complex_float;
#else
  return NULL;
#endif
}
static inline ffi_type *cvi_ffi_type_complex_double_or_null(void) {
#if defined(FFI_TARGET_HAS_COMPLEX_TYPE)
  return &ffi_type_complex_double;
#else
  return NULL;
#endif
}
static inline ffi_type *cvi_ffi_type_complex_longdouble_or_null(void) {
#if defined(FFI_TARGET_HAS_COMPLEX_TYPE)
  return &ffi_type_complex_longdouble;
#else
  return NULL;
#endif
}

// FFI_DEFAULT_ABI and FFI_TYPE_STRUCT are macros over enum values, which Swift
// does not always import; these name them.
static inline ffi_abi cvi_ffi_default_abi(void) { return FFI_DEFAULT_ABI; }
static inline unsigned short cvi_ffi_type_struct_code(void) { return FFI_TYPE_STRUCT; }

#endif
