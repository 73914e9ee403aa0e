#ifndef SEGUELAB_SHELL_SIGNALS_H
#define SEGUELAB_SHELL_SIGNALS_H
// Ctrl-C, window resizes and bracketed paste for the shell. The state lives in one C file: a signal handler
// and everyone who reads what it recorded must share one copy of it.
#include <histedit.h>
#include <stddef.h>

/// Installs the SIGINT and SIGWINCH handlers (once) and the pipe that wakes the line reader.
void seguelab_install_signal_handlers(void);
/// 1 if Ctrl-C came since the last call (and forgets it).
int seguelab_take_sigint(void);
/// 1 (once) when reading the terminal failed because another process group owns it (EIO: the
/// shell was started in the background, e.g. under `timeout` without --foreground).
int seguelab_take_terminal_lost(void);
/// Makes libedit read keys through `seguelab_read_char` and binds ^C to end the line.
int seguelab_el_use_reader(EditLine *el);
int seguelab_el_bind_interrupt(EditLine *el);
/// Around each read: bracketed paste on (when asked) while libedit reads, off again after; a
/// fatal signal or exit during a read also turns it off and restores the terminal's modes.
void seguelab_begin_reading(int bracketed_paste);
void seguelab_end_reading(void);
/// Binds ESC[200~ (the start of a bracketed paste) in the current keymaps.
int seguelab_el_bind_paste(EditLine *el);
/// 1 if a paste went into the line being read since the last call (and forgets it).
int seguelab_take_paste(void);
/// Runs a program that needs the terminal (an editor) as a foreground job: its own process
/// group owns the terminal until it ends, then the shell gets it back with its modes as they
/// were. Returns the exit status (128 + signal when killed), or -1 with errno set.
int seguelab_run_foreground(const char *path, char *const argv[], char *const envp[]);
/// Reads one key with the terminal in raw mode for that read only (no Enter needed, no echo):
/// its bytes (a UTF-8 character or an escape sequence) into `out`. Returns how many, 0 at the
/// end of input, -1 on Ctrl-C or when the terminal failed. `seguelab_unread_bytes` gives a key
/// back to the line editor, which then starts its next line with it.
int seguelab_read_key(unsigned char *out, int capacity);
void seguelab_unread_bytes(const unsigned char *bytes, size_t count);
/// Makes the line reader measure the window again before its next key.
void seguelab_note_resize(void);
#endif
