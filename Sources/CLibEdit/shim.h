#ifndef SEGUELAB_CLIBEDIT_SHIM_H
#define SEGUELAB_CLIBEDIT_SHIM_H
// libedit's el_set and history are C-variadic, which Swift cannot call; these
// fixed-signature wrappers are the only bridge the shell needs.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <langinfo.h>
#include <histedit.h>

// The C standard streams, as functions: Swift 6 treats the globals as unsafe shared state.
static inline FILE *seguelab_stdin(void) { return stdin; }
static inline FILE *seguelab_stdout(void) { return stdout; }
static inline FILE *seguelab_stderr(void) { return stderr; }

typedef char *(*seguelab_prompt_fn)(EditLine *);
typedef unsigned char (*seguelab_command_fn)(EditLine *, int);

static inline int seguelab_el_set_prompt(EditLine *el, seguelab_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
static inline int seguelab_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int seguelab_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}
static inline int seguelab_el_add_function(EditLine *el, const char *name, const char *help,
                                           seguelab_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int seguelab_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}
static inline int seguelab_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}
static inline int seguelab_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *seguelab_el_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int seguelab_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}
static inline int seguelab_history_set_unique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}
static inline int seguelab_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}
static inline int seguelab_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}
static inline int seguelab_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}
static inline int seguelab_history_count(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_GETSIZE) < 0) return -1;
    return ev.num;
}

#endif
