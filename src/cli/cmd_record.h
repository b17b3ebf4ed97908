/* cmd_record.h - `flametui record`: profile a command or processes with
 * perf and show the profile, live in the viewer or printed at the end.
 *
 *   flametui record [--freq HZ] [--duration S] [--call-graph fp|dwarf|lbr]
 *       [--off-cpu] [-o FILE] [viewer options] (-p PID[,PID] | -a | -- CMD ARGS)
 *
 * perf does the recording (`perf record -o - | perf script -i -`); its
 * text is relayed, a whole sample at a time, into a file the perf script
 * loader reads, which the viewer follows as --watch does.
 */
#ifndef FT_CMD_RECORD_H
#define FT_CMD_RECORD_H

#include "cli/cmd_input.h"

#define RECORD_MAX_ARGS 256

typedef struct ft_record {
	long freq;              /* --freq HZ */
	double duration;        /* --duration S; 0: until the command or processes end, or q */
	const char *call_graph; /* --call-graph fp|dwarf|lbr */
	const char *out;        /* -o FILE: keep the recording (perf script text, gzip'd for .gz) */
	const char *pids;       /* -p PID[,PID] */
	int all;                /* -a */
	int off_cpu;            /* --off-cpu */
	char **cmd;             /* -- CMD ARGS (NULL-terminated), or NULL */
	/* What the viewer options parser gets: argv[0], the options that are
	 * not record's, then the file the recording goes to. */
	char *rest[RECORD_MAX_ARGS];
	int nrest;
	char dir[64];           /* temporary directory of the live file */
	char live[128];
} ft_record;

/* Split `flametui record ...` (argv[1] is "record"): record's own options
 * into r, the rest into r->rest (an option for which takes_arg() says 1
 * with its value: "--top 5").  Returns -1 to go on, else the exit status
 * (the usage message printed). */
int cmd_record_parse(int argc, char **argv, ft_record *r, int (*takes_arg)(const char *opt));

/* Record and show, with o parsed from r->rest.  Returns the exit status. */
int cmd_record(ft_record *r, ft_cmdline *o);

#endif
