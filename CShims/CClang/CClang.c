// dlsym for each function of cv_clang_api, and the two visitors that gather cursors into arrays.
#define _GNU_SOURCE  // dladdr
#include "CClang.h"

#include <dlfcn.h>
#include <stdlib.h>

#define CV_LOAD(field, symbol)                         \
  do {                                                 \
    *(void **)(&api->field) = dlsym(handle, #symbol); \
    if (api->field == NULL) return #symbol;            \
  } while (0)

void *cv_clang_open(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }

void cv_clang_close(void *handle) { dlclose(handle); }

const char *cv_clang_load(void *handle, cv_clang_api *api) {
  CV_LOAD(createIndex, clang_createIndex);
  CV_LOAD(disposeIndex, clang_disposeIndex);
  CV_LOAD(parseTranslationUnit2, clang_parseTranslationUnit2);
  CV_LOAD(disposeTranslationUnit, clang_disposeTranslationUnit);
  CV_LOAD(getNumDiagnostics, clang_getNumDiagnostics);
  CV_LOAD(getDiagnostic, clang_getDiagnostic);
  CV_LOAD(disposeDiagnostic, clang_disposeDiagnostic);
  CV_LOAD(getDiagnosticSeverity, clang_getDiagnosticSeverity);
  CV_LOAD(getDiagnosticSpelling, clang_getDiagnosticSpelling);
  CV_LOAD(getDiagnosticLocation, clang_getDiagnosticLocation);
  CV_LOAD(getSpellingLocation, clang_getSpellingLocation);
  CV_LOAD(getFileName, clang_getFileName);
  CV_LOAD(getCString, clang_getCString);
  CV_LOAD(disposeString, clang_disposeString);
  CV_LOAD(getClangVersion, clang_getClangVersion);
  CV_LOAD(getTranslationUnitTargetInfo, clang_getTranslationUnitTargetInfo);
  CV_LOAD(TargetInfo_getTriple, clang_TargetInfo_getTriple);
  CV_LOAD(TargetInfo_dispose, clang_TargetInfo_dispose);
  CV_LOAD(getTranslationUnitCursor, clang_getTranslationUnitCursor);
  CV_LOAD(visitChildren, clang_visitChildren);
  CV_LOAD(Type_visitFields, clang_Type_visitFields);
  CV_LOAD(getCursorKind, clang_getCursorKind);
  CV_LOAD(getCursorSpelling, clang_getCursorSpelling);
  CV_LOAD(getCursorType, clang_getCursorType);
  CV_LOAD(getCursorLocation, clang_getCursorLocation);
  CV_LOAD(getCursorDefinition, clang_getCursorDefinition);
  CV_LOAD(isCursorDefinition, clang_isCursorDefinition);
  CV_LOAD(equalCursors, clang_equalCursors);
  CV_LOAD(Cursor_isNull, clang_Cursor_isNull);
  CV_LOAD(Cursor_isAnonymous, clang_Cursor_isAnonymous);
  CV_LOAD(Cursor_isAnonymousRecordDecl, clang_Cursor_isAnonymousRecordDecl);
  CV_LOAD(Cursor_isBitField, clang_Cursor_isBitField);
  CV_LOAD(getFieldDeclBitWidth, clang_getFieldDeclBitWidth);
  CV_LOAD(Cursor_getOffsetOfField, clang_Cursor_getOffsetOfField);
  CV_LOAD(getTypedefDeclUnderlyingType, clang_getTypedefDeclUnderlyingType);
  CV_LOAD(getEnumDeclIntegerType, clang_getEnumDeclIntegerType);
  CV_LOAD(getCanonicalType, clang_getCanonicalType);
  CV_LOAD(getTypeDeclaration, clang_getTypeDeclaration);
  CV_LOAD(getTypeSpelling, clang_getTypeSpelling);
  CV_LOAD(Type_getSizeOf, clang_Type_getSizeOf);
  CV_LOAD(Type_getAlignOf, clang_Type_getAlignOf);
  CV_LOAD(getPointeeType, clang_getPointeeType);
  CV_LOAD(getArrayElementType, clang_getArrayElementType);
  CV_LOAD(getArraySize, clang_getArraySize);
  CV_LOAD(getElementType, clang_getElementType);
  CV_LOAD(Type_getValueType, clang_Type_getValueType);
  CV_LOAD(getEnumConstantDeclValue, clang_getEnumConstantDeclValue);
  return NULL;
}

#undef CV_LOAD

const char *cv_library_path(void *handle) {
  void *symbol = dlsym(handle, "clang_getClangVersion");
  Dl_info info;
  if (symbol == NULL || dladdr(symbol, &info) == 0) return NULL;
  return info.dli_fname;
}

typedef struct {
  cv_cursor_list *list;
  int failed;
} cv_gather;

static void cv_append(cv_gather *gather, CXCursor cursor) {
  cv_cursor_list *list = gather->list;
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

static int cv_child_visitor(CXCursor cursor, CXCursor parent, CXClientData data) {
  (void)parent;
  cv_gather *gather = data;
  cv_append(gather, cursor);
  return gather->failed ? 0 /* CXChildVisit_Break */ : 1 /* CXChildVisit_Continue */;
}

static int cv_field_visitor(CXCursor cursor, CXClientData data) {
  cv_gather *gather = data;
  cv_append(gather, cursor);
  return gather->failed ? 0 /* CXVisit_Break */ : 1 /* CXVisit_Continue */;
}

int cv_clang_children(const cv_clang_api *api, CXCursor parent, cv_cursor_list *list) {
  cv_gather gather = {list, 0};
  api->visitChildren(parent, cv_child_visitor, &gather);
  return !gather.failed;
}

int cv_clang_fields(const cv_clang_api *api, CXType record, cv_cursor_list *list) {
  cv_gather gather = {list, 0};
  api->Type_visitFields(record, cv_field_visitor, &gather);
  return !gather.failed;
}

void cv_cursor_list_free(cv_cursor_list *list) {
  free(list->cursors);
  list->cursors = NULL;
  list->count = 0;
  list->capacity = 0;
}
