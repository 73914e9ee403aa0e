#include "shell_signals.h"
#include "reader.h"
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

// Bracketed paste. While the shell reads, the terminal is asked (ESC[?2004h) to wrap pasted
// text in ESC[200~ … ESC[201~. libedit (20221030) knows nothing of it: it eats `ESC[2` as an
// unknown key sequence, inserts `00~` and takes each pasted line break as Enter, so a block
// arrives as one entry per complete line — dozens of compiles in `swift` mode, an exercise
// judged on its first line.
//
// The markers are recognised here, in the key reader, not bound as a libedit key sequence:
// binding ESC[200~ would make ESC the start of a sequence in vi's insert mode, and Escape would
// no longer leave it until another key came. After an ESC, the reader looks at what follows
// (bytes of one terminal write arrive together; a person's next key comes far later than
// `LOOKAHEAD_MS`); anything but `[200~` is given back untouched. A paste is read whole up to
// ESC[201~ and handed to libedit as one key, `SEGUELAB_PASTE_KEY`, bound to `paste_key`, which
// inserts it into the line, line breaks included: the learner sees the block under the prompt
// and Enter sends it (libedit shows a line break in its buffer as a new screen line). What the
// block means, code or commands, the shell decides once the line is read (PastedBlock.swift).
#define LOOKAHEAD_MS 50

static wchar_t *pasted = NULL;   // the paste read by the key reader, waiting for paste_key
static int paste_seen = 0;

int seguelab_take_paste(void) {
    int seen = paste_seen;
    paste_seen = 0;
    return seen;
}

struct text { wchar_t *chars; size_t length, capacity; };

static void append(struct text *t, wchar_t c) {
    if (t->length + 2 > t->capacity) {
        size_t capacity = t->capacity ? t->capacity * 2 : 256;
        wchar_t *grown = realloc(t->chars, capacity * sizeof(wchar_t));
        if (!grown) return;
        t->chars = grown;
        t->capacity = capacity;
    }
    t->chars[t->length++] = c;
    t->chars[t->length] = L'\0';
}

/// What a pasted character becomes in the line: terminals send line breaks as CR (CRLF from
/// some), tabs are kept (they must not trigger completion), other control characters dropped.
static void add_pasted(struct text *t, wchar_t c, int *after_cr) {
    int was_cr = *after_cr;
    *after_cr = c == L'\r';
    if (c == L'\n' && was_cr) return;
    if (c == L'\r' || c == L'\n') { append(t, L'\n'); return; }
    if (c == L'\t' || (c >= 0x20 && c != 0x7F && !(c >= 0x80 && c < 0xA0))) append(t, c);
}

/// Reads the paste's bytes up to ESC[201~ and decodes them (bad UTF-8 becomes U+FFFD).
static int read_paste_body(EditLine *el) {
    static const char end[] = "\033[201~";
    const size_t end_length = 6;
    struct text text = {NULL, 0, 0};
    append(&text, L'\0');  // an empty paste is an empty string, not NULL
    text.length = 0;
    char bytes[8];
    size_t length = 0, matched = 0;
    int after_cr = 0;
    for (;;) {
        int byte = seguelab_read_byte(el, -1);
        if (byte < 0) { free(text.chars); return byte; }  // Ctrl-C or end of input: abandoned
        if (byte == end[matched]) {
            if (++matched == end_length) break;
            continue;
        }
        // Not the end marker after all: what matched so far was text (its ESC is dropped).
        for (size_t i = 1; i < matched; i++) add_pasted(&text, (wchar_t)end[i], &after_cr);
        matched = byte == end[0] ? 1 : 0;
        if (matched) continue;
        bytes[length++] = (char)byte;
        wchar_t c;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t r = mbrtowc(&c, bytes, length, &state);
        if (r == (size_t)-2 && length < sizeof bytes) continue;
        if (r == (size_t)-1 || r == (size_t)-2) c = 0xFFFD;
        length = 0;
        add_pasted(&text, c, &after_cr);
    }
    // A block copied with its last line break waits for Enter like any other.
    while (text.length > 0 && text.chars[text.length - 1] == L'\n') text.chars[--text.length] = L'\0';
    free(pasted);
    pasted = text.chars;
    return 1;
}

int seguelab_read_paste_start(EditLine *el) {
    static const unsigned char start[] = "[200~";
    unsigned char seen[5];
    size_t count = 0;
    while (count < sizeof seen) {
        int byte = seguelab_read_byte(el, LOOKAHEAD_MS);
        if (byte == SEGUELAB_READ_TIMEOUT) break;
        if (byte < 0) return byte;
        seen[count++] = (unsigned char)byte;
        if (byte != start[count - 1]) break;
    }
    if (count == sizeof seen && memcmp(seen, start, sizeof seen) == 0) return read_paste_body(el);
    seguelab_unread_bytes(seen, count);
    return 0;
}

static unsigned char paste_key(EditLine *el, int ch) {
    (void)ch;
    if (pasted == NULL) return CC_NORM;
    if (pasted[0] != L'\0') {
        el_winsertstr(el, pasted);
        paste_seen = 1;
    }
    free(pasted);
    pasted = NULL;
    return CC_REFRESH;
}

int seguelab_el_bind_paste(EditLine *el) {
    static const wchar_t key[] = {SEGUELAB_PASTE_KEY, L'\0'};
    el_set(el, EL_ADDFN, "seguelab-paste", "Insert a bracketed paste, line breaks included", paste_key);
    // The main keymap (emacs, or vi insert) and vi's command keymap.
    el_wset(el, EL_BIND, key, L"seguelab-paste", NULL);
    return el_wset(el, EL_BIND, L"-a", key, L"seguelab-paste", NULL);
}
