#ifndef AUTHCLI_CJANSSON_SHIM_H
#define AUTHCLI_CJANSSON_SHIM_H

#include <jansson.h>

// The types of the Jansson functions the import looks up with dlsym, taken from the
// declarations so that a mismatch is a compile error, not a crash.
typedef __typeof__(&json_loadb) authcli_json_loadb;
typedef __typeof__(&json_delete) authcli_json_delete;
typedef __typeof__(&json_object_iter) authcli_json_object_iter;
typedef __typeof__(&json_object_iter_next) authcli_json_object_iter_next;
typedef __typeof__(&json_object_iter_key) authcli_json_object_iter_key;
typedef __typeof__(&json_object_iter_value) authcli_json_object_iter_value;
typedef __typeof__(&json_array_size) authcli_json_array_size;
typedef __typeof__(&json_array_get) authcli_json_array_get;
typedef __typeof__(&json_string_value) authcli_json_string_value;
typedef __typeof__(&json_string_length) authcli_json_string_length;
typedef __typeof__(&json_integer_value) authcli_json_integer_value;
typedef __typeof__(&json_real_value) authcli_json_real_value;

// A parsed value's type (`json_typeof` is a macro).
static inline json_type authcli_json_typeof(const json_t *value) { return json_typeof(value); }

// Why a parse failed, as a code (`json_error_code` reads the last byte of the error's text).
static inline enum json_error_code authcli_json_error_code(const json_error_t *error) {
  return json_error_code(error);
}

#endif
