/*
 * cvalue_cxx.h: what the C++ frameworks' glue shares (GoogleTest, Catch2, doctest): the C or C++ name of a
 * type from its arguments, and the failure text of a zero set-up comparison or snapshot as a std::string
 * (empty when it passes). A framework without glue can call these in its own assertion:
 *
 *   std::string failure = cvalue::ProgramEqualText("actual", "expected", actual, expected);
 *   if (!failure.empty()) { ...fail the test with it... }
 */
#ifndef CVALUE_CXX_H
#define CVALUE_CXX_H

#include <cvalue_assert.h>

#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <string>
#include <type_traits>
#include <typeinfo>

namespace cvalue {

/* The C name of a C type used from C++: "struct shape" for `struct shape`, "union u" for a union, the typedef's
 * name for an unnamed struct named by a typedef (C++ gives it that name); C++ types by their qualified names,
 * as typeid demangles them ("struct geo::point", "struct box<double>", "struct (anonymous namespace)::x"). */
template <typename Value>
std::string CName() {
  int status = 0;
  char *demangled = abi::__cxa_demangle(typeid(Value).name(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled != nullptr ? demangled : typeid(Value).name();
  std::free(demangled);
  if (!std::is_class<Value>::value && !std::is_union<Value>::value) return name;
  return (std::is_union<Value>::value ? "union " : "struct ") + name;
}

/* What `message(name)` returns for the C name of Value, as a std::string: CName<Value>(), then, when the
 * program has no struct of that tag, the name without "struct " (an unnamed struct named by a typedef). */
template <typename Value, typename Message>
std::string ProgramText(Message message) {
  std::string name = CName<Value>();
  char *failure = message(name.c_str());
  if (failure != nullptr && std::strstr(failure, "CV_ERROR_UNKNOWN_TYPE") != nullptr &&
      name.compare(0, 7, "struct ") == 0) {
    free(failure);
    failure = message(name.c_str() + 7);
  }
  if (failure == nullptr) return std::string();
  std::string text(failure);
  free(failure);
  return text;
}

/* Zero set-up: `actual` and `expected` are values of one type (the compiler refuses two types), a type of this
 * program read from its own debug info (compile with -g): the report, or "" when they are equal. */
template <typename Value>
std::string ProgramEqualText(const char *actual_text, const char *expected_text, const Value &actual,
                             const Value &expected, const cv_options *options = nullptr) {
  return ProgramText<Value>([&](const char *name) {
    return cv_program_assert_message(name, &actual, &expected, 1, options, sizeof(Value), actual_text,
                                     expected_text);
  });
}

/* Zero set-up snapshots: `count` values at `values` match CV_SNAPSHOT_DIR/name.snap (CV_SNAPSHOT_ONE_VALUE
 * for one value, not an array): the report, or "". */
template <typename Value>
std::string ProgramSnapshotText(const char *values_text, const Value *values, size_t count, const char *snapshot,
                                const cv_options *options = nullptr) {
  return ProgramText<Value>([&](const char *name) {
    return cv_program_snapshot_message(name, values, count, sizeof(Value), CV_SNAPSHOT_DIR, snapshot, options,
                                       values_text);
  });
}

/* The value as CValueKit describes it, "{.x = 1, .y = 2.5}", its type read from this program's debug info by its
 * C name as the zero set-up comparisons read it (compile with -g), or why it cannot be: "<no description: …>".
 * What a framework's printer can show in place of a value's bytes. */
template <typename Value>
std::string ProgramDescription(const Value &value) {
  std::string out;
  auto describe = [&](const char *name) {
    cv_type *type = nullptr;
    char *message = nullptr;
    char *text = nullptr;
    cv_status status = cv_program_type(name, sizeof(Value), &type, &message);
    if (status == CV_OK) status = cv_describe(type, &value, 1, &text, &message);
    out = status == CV_OK ? std::string(text) : "<no description: " + std::string(message ? message : "") + ">";
    cv_free(text);
    cv_free(message);
    cv_type_free(type);
    return status;
  };
  std::string name = CName<Value>();
  if (describe(name.c_str()) == CV_ERROR_UNKNOWN_TYPE && name.compare(0, 7, "struct ") == 0) {
    describe(name.c_str() + 7);
  }
  return out;
}

/* With a cv_type handle: the report, or "". */
template <typename Value>
std::string EqualText(const cv_type *type, const char *actual_text, const char *expected_text, const Value &actual,
                      const Value &expected, const cv_options *options = nullptr) {
  char *failure = cv_assert_message(type, &actual, &expected, 1, options, sizeof(Value), actual_text,
                                    expected_text);
  if (failure == nullptr) return std::string();
  std::string text(failure);
  free(failure);
  return text;
}

}  // namespace cvalue

#endif /* CVALUE_CXX_H */
