/* cmd_msg.h - escaped messages for people (stderr, --top). */
#ifndef FT_CMD_MSG_H
#define FT_CMD_MSG_H

#include <stdio.h>

/* fprintf for anything a person reads (messages, --top): every byte of the
 * formatted text that could act on a terminal (control bytes, escape
 * sequences, invalid UTF-8, bidi characters) is written escaped, whatever
 * it came from (file names, option values, profile contents); '\n' stays a
 * line end. */
void cmd_msg(FILE *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A usage error: "flametui: WHAT" and fmt with arg (one %s: an option's
 * value, escaped like every message), then "Try 'flametui --help'." on
 * stderr.  Returns 2, the exit status of a usage error. */
int cmd_usage(const char *what, const char *fmt, const char *arg);

#endif
