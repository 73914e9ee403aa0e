#ifndef SEGUELAB_READER_H
#define SEGUELAB_READER_H
// Between the key reader (shell_signals.c) and bracketed paste (bracketed_paste.c).
#include <histedit.h>
#include <stddef.h>

#define SEGUELAB_READ_FAILED (-1)   // Ctrl-C, or the terminal failed
#define SEGUELAB_READ_END (-2)      // end of input
#define SEGUELAB_READ_TIMEOUT (-3)

/// The key libedit sees for a whole paste, bound to `paste_key`: U+009F, a C1 control no
/// keyboard sends (typed as UTF-8 anyway, it is read as U+FFFD).
#define SEGUELAB_PASTE_KEY ((wchar_t)0x9F)

/// The next byte of input (0–255), waiting at most `timeout_ms` (-1: for ever), handling
/// signals meanwhile; or one of the SEGUELAB_READ_ values.
int seguelab_read_byte(EditLine *el, int timeout_ms);
/// Gives bytes back: the next reads return them first.
void seguelab_unread_bytes(const unsigned char *bytes, size_t count);
/// Called after an ESC: 1 if it began a paste (now read whole, waiting for `paste_key`), 0 if
/// not (the bytes looked at are given back), or a SEGUELAB_READ_ value.
int seguelab_read_paste_start(EditLine *el);
#endif
