/* cmd_export.c - --export FORMAT [-o FILE]: write the (filtered) profile,
 * or a comparison as two-column folded stacks. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "export.h"
#include "export_pprof.h"

static const char *
out_name(const ft_cmdline *o)
{
	return o->out ? o->out : "stdout";
}

static int
export_compare(ft_input *in, const ft_cmdline *o, FILE *out)
{
	if (strcmp(o->export_fmt, "folded") != 0) {
		fprintf(stderr, "flametui: a comparison exports only as folded stacks "
		    "(stack A B); use --export folded\n");
		return 2;
	}
	if (export_folded(in->cmp.u, CMP_A, CMP_B, out) != 0) {
		fprintf(stderr, "flametui: %s: write error\n", out_name(o));
		return 1;
	}
	return 0;
}

static int
export_pprof_file(const ft_profile *p, const ft_cmdline *o, FILE *out)
{
	ft_diag err = {{0}};
	if (isatty(fileno(out))) {
		fprintf(stderr, "flametui: --export pprof writes binary data; "
		    "use -o FILE or a pipe\n");
		return 1;
	}
	if (export_pprof(p, out, &err) != 0) {
		fprintf(stderr, "flametui: %s: %s\n", out_name(o), err.msg);
		return 1;
	}
	return 0;
}

int
cmd_export(ft_input *in, const ft_cmdline *o, FILE *out)
{
	if (in->compare)
		return export_compare(in, o, out);
	const ft_profile *p = in->p;
	if (strcmp(o->export_fmt, "pprof") == 0)
		return export_pprof_file(p, o, out);
	/* A differential file written back keeps its two columns. */
	if (export_folded(p, p->differential ? 0 : in->col, p->differential ? 1 : -1, out) != 0) {
		fprintf(stderr, "flametui: %s: write error\n", out_name(o));
		return 1;
	}
	return 0;
}
