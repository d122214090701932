// CClang: the few declarations of libclang's stable C API (clang-c/Index.h) that CValueHeaders uses,
// written out here because toolchains ship libclang without its headers. Nothing links libclang: it is
// dlopen'ed at run time and cvi_clang_load fills a table of its functions with dlsym.
//
// The struct layouts and constants are those of clang-c/Index.h, unchanged since libclang 3.x; the
// functions used need libclang 11 or later (clang_Type_getValueType is the newest).
#ifndef CVALUEKIT_CCLANG_H
#define CVALUEKIT_CCLANG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// Only the function pointers of cvi_clang_api say _Nonnull; every other pointer keeps C's meaning.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

// MARK: Types (layouts as in clang-c/Index.h and clang-c/CXString.h)

typedef void *CXIndex;
typedef struct CXTranslationUnitImpl *CXTranslationUnit;
typedef struct CXTargetInfoImpl *CXTargetInfo;
typedef void *CXFile;
typedef void *CXDiagnostic;
typedef void *CXClientData;

typedef struct {
  const void *data;
  unsigned private_flags;
} CXString;

typedef struct {
  int kind;
  int xdata;
  const void *data[3];
} CXCursor;

typedef struct {
  int kind;
  void *data[2];
} CXType;

typedef struct {
  const void *ptr_data[2];
  unsigned int_data;
} CXSourceLocation;

struct CXUnsavedFile {
  const char *Filename;
  const char *Contents;
  unsigned long Length;
};

// MARK: Constants (the values of clang-c/Index.h)

enum {
  CVI_CXCursor_StructDecl = 2,
  CVI_CXCursor_UnionDecl = 3,
  CVI_CXCursor_ClassDecl = 4,
  CVI_CXCursor_EnumDecl = 5,
  CVI_CXCursor_FieldDecl = 6,
  CVI_CXCursor_EnumConstantDecl = 7,
  CVI_CXCursor_TypedefDecl = 20,
  CVI_CXCursor_Namespace = 22,
  CVI_CXCursor_LinkageSpec = 23,
};

enum {
  CVI_CXType_Invalid = 0,
  CVI_CXType_Unexposed = 1,
  CVI_CXType_Void = 2,
  CVI_CXType_Bool = 3,
  CVI_CXType_Char_U = 4,
  CVI_CXType_UChar = 5,
  CVI_CXType_Char16 = 6,
  CVI_CXType_Char32 = 7,
  CVI_CXType_UShort = 8,
  CVI_CXType_UInt = 9,
  CVI_CXType_ULong = 10,
  CVI_CXType_ULongLong = 11,
  CVI_CXType_UInt128 = 12,
  CVI_CXType_Char_S = 13,
  CVI_CXType_SChar = 14,
  CVI_CXType_WChar = 15,
  CVI_CXType_Short = 16,
  CVI_CXType_Int = 17,
  CVI_CXType_Long = 18,
  CVI_CXType_LongLong = 19,
  CVI_CXType_Int128 = 20,
  CVI_CXType_Float = 21,
  CVI_CXType_Double = 22,
  CVI_CXType_LongDouble = 23,
  CVI_CXType_Half = 31,
  CVI_CXType_Float16 = 32,
  CVI_CXType_BFloat16 = 39,
  CVI_CXType_Complex = 100,
  CVI_CXType_Pointer = 101,
  CVI_CXType_BlockPointer = 102,
  CVI_CXType_Record = 105,
  CVI_CXType_Enum = 106,
  CVI_CXType_Typedef = 107,
  CVI_CXType_FunctionNoProto = 110,
  CVI_CXType_FunctionProto = 111,
  CVI_CXType_ConstantArray = 112,
  CVI_CXType_Vector = 113,
  CVI_CXType_IncompleteArray = 114,
  CVI_CXType_Elaborated = 119,
  CVI_CXType_ExtVector = 176,
  CVI_CXType_Atomic = 177,
};

enum {
  CVI_CXTranslationUnit_Incomplete = 0x02,
  CVI_CXTranslationUnit_SkipFunctionBodies = 0x40,
};

enum {
  CVI_CXDiagnostic_Error = 3,
  CVI_CXDiagnostic_Fatal = 4,
};

// MARK: The functions used, as a table filled from the loaded library

// The function pointers are _Nonnull so that Swift calls them directly (cvi_clang_load fills them all or
// reports the missing one); the pointers they take and return keep C's meaning, as in clang-c/Index.h.
typedef struct {
  CXIndex (*_Nonnull createIndex)(int excludeDeclarationsFromPCH, int displayDiagnostics);
  void (*_Nonnull disposeIndex)(CXIndex index);
  int (*_Nonnull parseTranslationUnit2)(
    CXIndex index, const char *source_filename, const char *const *command_line_args, int num_command_line_args,
    struct CXUnsavedFile *unsaved_files, unsigned num_unsaved_files, unsigned options, CXTranslationUnit *out);
  void (*_Nonnull disposeTranslationUnit)(CXTranslationUnit unit);
  unsigned (*_Nonnull getNumDiagnostics)(CXTranslationUnit unit);
  CXDiagnostic (*_Nonnull getDiagnostic)(CXTranslationUnit unit, unsigned index);
  void (*_Nonnull disposeDiagnostic)(CXDiagnostic diagnostic);
  int (*_Nonnull getDiagnosticSeverity)(CXDiagnostic diagnostic);
  CXString (*_Nonnull getDiagnosticSpelling)(CXDiagnostic diagnostic);
  CXSourceLocation (*_Nonnull getDiagnosticLocation)(CXDiagnostic diagnostic);
  void (*_Nonnull getSpellingLocation)(
    CXSourceLocation location, CXFile *file, unsigned *line, unsigned *column, unsigned *offset);
  CXString (*_Nonnull getFileName)(CXFile file);
  const char *(*_Nonnull getCString)(CXString string);
  void (*_Nonnull disposeString)(CXString string);
  CXString (*_Nonnull getClangVersion)(void);
  CXTargetInfo (*_Nonnull getTranslationUnitTargetInfo)(CXTranslationUnit unit);
  CXString (*_Nonnull TargetInfo_getTriple)(CXTargetInfo info);
  void (*_Nonnull TargetInfo_dispose)(CXTargetInfo info);
  CXCursor (*_Nonnull getTranslationUnitCursor)(CXTranslationUnit unit);
  unsigned (*_Nonnull visitChildren)(
    CXCursor parent, int (*visitor)(CXCursor cursor, CXCursor parent, CXClientData data), CXClientData data);
  unsigned (*_Nonnull Type_visitFields)(CXType type, int (*visitor)(CXCursor cursor, CXClientData data), CXClientData data);
  int (*_Nonnull getCursorKind)(CXCursor cursor);
  CXString (*_Nonnull getCursorSpelling)(CXCursor cursor);
  CXType (*_Nonnull getCursorType)(CXCursor cursor);
  CXSourceLocation (*_Nonnull getCursorLocation)(CXCursor cursor);
  CXCursor (*_Nonnull getCursorDefinition)(CXCursor cursor);
  unsigned (*_Nonnull isCursorDefinition)(CXCursor cursor);
  unsigned (*_Nonnull equalCursors)(CXCursor a, CXCursor b);
  int (*_Nonnull Cursor_isNull)(CXCursor cursor);
  unsigned (*_Nonnull Cursor_isAnonymous)(CXCursor cursor);
  unsigned (*_Nonnull Cursor_isAnonymousRecordDecl)(CXCursor cursor);
  unsigned (*_Nonnull Cursor_isBitField)(CXCursor cursor);
  int (*_Nonnull getFieldDeclBitWidth)(CXCursor cursor);
  long long (*_Nonnull Cursor_getOffsetOfField)(CXCursor cursor);
  CXType (*_Nonnull getTypedefDeclUnderlyingType)(CXCursor cursor);
  CXType (*_Nonnull getEnumDeclIntegerType)(CXCursor cursor);
  CXType (*_Nonnull getCanonicalType)(CXType type);
  CXCursor (*_Nonnull getTypeDeclaration)(CXType type);
  CXString (*_Nonnull getTypeSpelling)(CXType type);
  long long (*_Nonnull Type_getSizeOf)(CXType type);
  long long (*_Nonnull Type_getAlignOf)(CXType type);
  CXType (*_Nonnull getPointeeType)(CXType type);
  CXType (*_Nonnull getArrayElementType)(CXType type);
  long long (*_Nonnull getArraySize)(CXType type);
  CXType (*_Nonnull getElementType)(CXType type);
  CXType (*_Nonnull Type_getValueType)(CXType type);
  long long (*_Nonnull getEnumConstantDeclValue)(CXCursor cursor);
} cvi_clang_api;

/// dlopen(path, RTLD_NOW | RTLD_LOCAL): the library, or NULL when it cannot be loaded.
void *cvi_clang_open(const char *path);

/// dlclose, for a library that turned out unusable.
void cvi_clang_close(void *handle);

/// Fills `api` with the functions of the libclang loaded at `handle` (from dlopen). Returns NULL when all
/// were found, else the name of the first missing symbol (a libclang older than 11); `api` is then unusable.
const char *cvi_clang_load(void *handle, cvi_clang_api *api);

/// The path of the file the libclang at `handle` was loaded from (dladdr, which Swift's Glibc module does not
/// declare), or NULL.
const char *cvi_library_path(void *handle);

// MARK: Children and fields as arrays, so that Swift needs no C callbacks

/// Cursors gathered by one of the functions below; free with cvi_cursor_list_free.
typedef struct {
  CXCursor *cursors;
  size_t count;
  size_t capacity;
} cvi_cursor_list;

/// The direct children of `parent` (clang_visitChildren, not recursing), in order. Returns 0 when out of memory.
int cvi_clang_children(const cvi_clang_api *api, CXCursor parent, cvi_cursor_list *list);

/// Every field of a record type, anonymous members included (clang_Type_visitFields; clang_visitChildren
/// does not visit the implicit field of a C11 anonymous member). Returns 0 when out of memory.
int cvi_clang_fields(const cvi_clang_api *api, CXType record, cvi_cursor_list *list);

/// Frees the cursors of a list and empties it.
void cvi_cursor_list_free(cvi_cursor_list *list);

#pragma clang diagnostic pop

#ifdef __cplusplus
}
#endif

#endif
