#include "shell_signals.h"
#include <stdlib.h>
#include <wchar.h>

// Bracketed paste. While the shell reads, the terminal is asked (ESC[?2004h) to wrap pasted
// text in ESC[200~ … ESC[201~. Without that, libedit takes a pasted line break as Enter, so a
// pasted block arrives as one entry per complete line: dozens of compiles in `swift` mode, and
// an exercise judged on its first line. ESC[200~ is bound, like a key, to `paste_key`, which
// reads up to ESC[201~ and inserts everything into the line being edited, line breaks too: the
// learner sees the block under the prompt and presses Enter to send it as one entry (libedit
// shows a line break in its buffer as a new screen line). Binding the sequence as a key is the
// way libedit's keymaps take multi-byte keys (arrows work the same way); the shell decides what
// a pasted block means (code, or commands to run one by one) once the line is read.
static int paste_seen = 0;

int seguelab_take_paste(void) {
    int seen = paste_seen;
    paste_seen = 0;
    return seen;
}

struct text { wchar_t *chars; size_t length, capacity; };

static int append(struct text *t, wchar_t c) {
    if (t->length + 2 > t->capacity) {
        size_t capacity = t->capacity ? t->capacity * 2 : 256;
        wchar_t *grown = realloc(t->chars, capacity * sizeof(wchar_t));
        if (!grown) return 0;
        t->chars = grown;
        t->capacity = capacity;
    }
    t->chars[t->length++] = c;
    t->chars[t->length] = L'\0';
    return 1;
}

/// What a pasted character becomes in the line: terminals send line breaks as CR (CRLF from
/// some), tabs must not trigger completion, and other control characters are dropped.
static void add_pasted(struct text *t, wchar_t c, int *after_cr) {
    int was_cr = *after_cr;
    *after_cr = c == L'\r';
    if (c == L'\n' && was_cr) return;
    if (c == L'\r' || c == L'\n') { append(t, L'\n'); return; }
    if (c == L'\t' || (c >= 0x20 && c != 0x7F)) append(t, c);
}

static unsigned char paste_key(EditLine *el, int ch) {
    (void)ch;
    static const wchar_t end[] = L"\033[201~";
    const size_t end_length = 6;
    struct text pasted = {NULL, 0, 0};
    size_t matched = 0;
    int after_cr = 0;
    for (;;) {
        wchar_t c;
        // Ctrl-C or the end of input in the middle of a paste: the line is abandoned.
        if (el_wgetc(el, &c) != 1) { free(pasted.chars); return CC_EOF; }
        if (c == end[matched]) {
            if (++matched == end_length) break;
            continue;
        }
        // Not the end marker after all: what matched so far was text (its ESC is dropped).
        for (size_t i = 1; i < matched; i++) add_pasted(&pasted, end[i], &after_cr);
        matched = c == end[0] ? 1 : 0;
        if (!matched) add_pasted(&pasted, c, &after_cr);
    }
    // A block copied with its last line break waits for Enter like any other.
    while (pasted.length > 0 && pasted.chars[pasted.length - 1] == L'\n') pasted.chars[--pasted.length] = L'\0';
    if (pasted.length > 0) {
        el_winsertstr(el, pasted.chars);
        paste_seen = 1;
    }
    free(pasted.chars);
    return CC_REFRESH;
}

int seguelab_el_bind_paste(EditLine *el) {
    el_set(el, EL_ADDFN, "seguelab-paste", "Insert a bracketed paste, line breaks included", paste_key);
    // The main keymap (emacs, or vi insert) and vi's command keymap.
    el_set(el, EL_BIND, "\033[200~", "seguelab-paste", NULL);
    return el_set(el, EL_BIND, "-a", "\033[200~", "seguelab-paste", NULL);
}
