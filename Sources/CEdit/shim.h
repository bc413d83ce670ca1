#ifndef AUTHCLI_CEDIT_SHIM_H
#define AUTHCLI_CEDIT_SHIM_H

#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

// The types of the libedit functions the shell looks up with dlsym, taken from the
// declarations so that a mismatch is a compile error, not a crash.
typedef __typeof__(&el_init) authcli_el_init;
typedef __typeof__(&el_end) authcli_el_end;
typedef __typeof__(&el_gets) authcli_el_gets;
typedef __typeof__(&el_source) authcli_el_source;
typedef __typeof__(&history_init) authcli_history_init;
typedef __typeof__(&history_end) authcli_history_end;
// strunvis(3), which libedit's own history loading decodes each saved line with (from
// libbsd on Linux, libc on macOS; found through libedit's handle either way).
typedef int (*authcli_strunvis)(char *, const char *);

// The C library's standard streams, which Swift 6 sees as shared mutable globals.
static inline FILE *authcli_standard_input(void) { return stdin; }
static inline FILE *authcli_standard_output(void) { return stdout; }
static inline FILE *authcli_standard_error(void) { return stderr; }

// el_set and history take their arguments through `...`, which Swift cannot call; these
// call the looked-up function with each fixed argument list. Swift holds it as a function of
// no arguments, never called as such: only these casts call it, under its own type.
typedef void (*authcli_variadic_function)(void);
typedef int (*authcli_el_set_function)(EditLine *, int, ...);
typedef int (*authcli_history_function)(History *, HistEvent *, int, ...);

/// Sets the function that draws the prompt.
static inline int authcli_el_set_prompt(authcli_variadic_function el_set, EditLine *editor,
                                        char *(*prompt)(EditLine *)) {
  return ((authcli_el_set_function)el_set)(editor, EL_PROMPT, prompt);
}

/// Chooses the key bindings ("emacs" or "vi").
static inline int authcli_el_set_editor(authcli_variadic_function el_set, EditLine *editor,
                                        const char *mode) {
  return ((authcli_el_set_function)el_set)(editor, EL_EDITOR, mode);
}

/// Sets the function that reads one character.
static inline int authcli_el_set_getc(authcli_variadic_function el_set, EditLine *editor,
                                      el_rfunc_t getc) {
  return ((authcli_el_set_function)el_set)(editor, EL_GETCFN, getc);
}

/// Lets libedit catch signals itself (1) or not (0).
static inline int authcli_el_set_signal(authcli_variadic_function el_set, EditLine *editor,
                                        int catches) {
  return ((authcli_el_set_function)el_set)(editor, EL_SIGNAL, catches);
}

/// Gives the editor its history; `history` is the looked-up `history` function.
static inline int authcli_el_set_history(authcli_variadic_function el_set, EditLine *editor,
                                         authcli_variadic_function history, History *list) {
  return ((authcli_el_set_function)el_set)(editor, EL_HIST, (authcli_history_function)history,
                                           list);
}

/// One history operation that takes an integer (H_SETSIZE, H_SETUNIQUE).
static inline int authcli_history_number(authcli_variadic_function history, History *list,
                                         int operation, int value) {
  HistEvent event;
  return ((authcli_history_function)history)(list, &event, operation, value);
}

/// One history operation that takes a string (H_ENTER).
static inline int authcli_history_text(authcli_variadic_function history, History *list,
                                       int operation, const char *text) {
  HistEvent event;
  return ((authcli_history_function)history)(list, &event, operation, text);
}

/// One history operation on a stream (H_SAVE_FP): the history is written to a file that
/// authcli opened itself, never to a path libedit would open.
static inline int authcli_history_stream(authcli_variadic_function history, History *list,
                                         int operation, FILE *stream) {
  HistEvent event;
  return ((authcli_history_function)history)(list, &event, operation, stream);
}

#endif
