// dlsym for each function of cvi_clang_api, and the two visitors that gather cursors into arrays.
#define _GNU_SOURCE  // dladdr
#include "CClang.h"

#include <dlfcn.h>
#include <stdlib.h>

#define CVI_LOAD(field, symbol)                         \
  do {                                                 \
    *(void **)(&api->field) = dlsym(handle, #symbol); \
    if (api->field == NULL) return #symbol;            \
  } while (0)

void *cvi_clang_open(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

void cvi_clang_close(void *handle) { dlclose(handle); }

const char *cvi_clang_load(void *handle, cvi_clang_api *api) {
  CVI_LOAD(createIndex, clang_createIndex);
  CVI_LOAD(disposeIndex, clang_disposeIndex);
  CVI_LOAD(parseTranslationUnit2, clang_parseTranslationUnit2);
  CVI_LOAD(disposeTranslationUnit, clang_disposeTranslationUnit);
  CVI_LOAD(getNumDiagnostics, clang_getNumDiagnostics);
  CVI_LOAD(getDiagnostic, clang_getDiagnostic);
  CVI_LOAD(disposeDiagnostic, clang_disposeDiagnostic);
  CVI_LOAD(getDiagnosticSeverity, clang_getDiagnosticSeverity);
  CVI_LOAD(getDiagnosticSpelling, clang_getDiagnosticSpelling);
  CVI_LOAD(getDiagnosticLocation, clang_getDiagnosticLocation);
  CVI_LOAD(getSpellingLocation, clang_getSpellingLocation);
  CVI_LOAD(getFileName, clang_getFileName);
  CVI_LOAD(getCString, clang_getCString);
  CVI_LOAD(disposeString, clang_disposeString);
  CVI_LOAD(getClangVersion, clang_getClangVersion);
  CVI_LOAD(getTranslationUnitTargetInfo, clang_getTranslationUnitTargetInfo);
  CVI_LOAD(TargetInfo_getTriple, clang_TargetInfo_getTriple);
  CVI_LOAD(TargetInfo_dispose, clang_TargetInfo_dispose);
  CVI_LOAD(getTranslationUnitCursor, clang_getTranslationUnitCursor);
  CVI_LOAD(visitChildren, clang_visitChildren);
  CVI_LOAD(Type_visitFields, clang_Type_visitFields);
  CVI_LOAD(getCursorKind, clang_getCursorKind);
  CVI_LOAD(getCursorSpelling, clang_getCursorSpelling);
  CVI_LOAD(getCursorType, clang_getCursorType);
  CVI_LOAD(getCursorLocation, clang_getCursorLocation);
  CVI_LOAD(getCursorDefinition, clang_getCursorDefinition);
  CVI_LOAD(isCursorDefinition, clang_isCursorDefinition);
  CVI_LOAD(equalCursors, clang_equalCursors);
  CVI_LOAD(Cursor_isNull, clang_Cursor_isNull);
  CVI_LOAD(Cursor_isAnonymous, clang_Cursor_isAnonymous);
  CVI_LOAD(Cursor_isAnonymousRecordDecl, clang_Cursor_isAnonymousRecordDecl);
  CVI_LOAD(Cursor_isBitField, clang_Cursor_isBitField);
  CVI_LOAD(getFieldDeclBitWidth, clang_getFieldDeclBitWidth);
  CVI_LOAD(Cursor_getOffsetOfField, clang_Cursor_getOffsetOfField);
  CVI_LOAD(getTypedefDeclUnderlyingType, clang_getTypedefDeclUnderlyingType);
  CVI_LOAD(getEnumDeclIntegerType, clang_getEnumDeclIntegerType);
  CVI_LOAD(getCanonicalType, clang_getCanonicalType);
  CVI_LOAD(getTypeDeclaration, clang_getTypeDeclaration);
  CVI_LOAD(getTypeSpelling, clang_getTypeSpelling);
  CVI_LOAD(Type_getSizeOf, clang_Type_getSizeOf);
  CVI_LOAD(Type_getAlignOf, clang_Type_getAlignOf);
  CVI_LOAD(getPointeeType, clang_getPointeeType);
  CVI_LOAD(getArrayElementType, clang_getArrayElementType);
  CVI_LOAD(getArraySize, clang_getArraySize);
  CVI_LOAD(getElementType, clang_getElementType);
  CVI_LOAD(Type_getValueType, clang_Type_getValueType);
  CVI_LOAD(getEnumConstantDeclValue, clang_getEnumConstantDeclValue);
  return NULL;
}

#undef CVI_LOAD

const char *cvi_library_path(void *handle) {
  void *symbol = dlsym(handle, "clang_getClangVersion");
  Dl_info info;
  if (symbol == NULL || dladdr(symbol, &info) == 0) return NULL;
  return info.dli_fname;
}

typedef struct {
  cvi_cursor_list *list;
  int failed;
} cvi_gather;

static void cvi_append(cvi_gather *gather, CXCursor cursor) {
  cvi_cursor_list *list = gather->list;
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? 2 * list->capacity : 16;
    CXCursor *grown = realloc(list->cursors, capacity * sizeof(CXCursor));
    if (grown == NULL) {
      gather->failed = 1;
      return;
    }
    list->cursors = grown;
    list->capacity = capacity;
  }
  list->cursors[list->count++] = cursor;
}

static int cvi_child_visitor(CXCursor cursor, CXCursor parent, CXClientData data) {
  (void)parent;
  cvi_gather *gather = data;
  cvi_append(gather, cursor);
  return gather->failed ? 0 /* CXChildVisit_Break */ : 1 /* CXChildVisit_Continue */;
}

static int cvi_field_visitor(CXCursor cursor, CXClientData data) {
  cvi_gather *gather = data;
  cvi_append(gather, cursor);
  return gather->failed ? 0 /* CXVisit_Break */ : 1 /* CXVisit_Continue */;
}

int cvi_clang_children(const cvi_clang_api *api, CXCursor parent, cvi_cursor_list *list) {
  cvi_gather gather = {list, 0};
  api->visitChildren(parent, cvi_child_visitor, &gather);
  return !gather.failed;
}

int cvi_clang_fields(const cvi_clang_api *api, CXType record, cvi_cursor_list *list) {
  cvi_gather gather = {list, 0};
  api->Type_visitFields(record, cvi_field_visitor, &gather);
  return !gather.failed;
}

void cvi_cursor_list_free(cvi_cursor_list *list) {
  free(list->cursors);
  list->cursors = NULL;
  list->count = 0;
  list->capacity = 0;
}
