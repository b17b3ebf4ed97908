/* cmd_export.c - --export FORMAT [-o FILE]: write the (filtered) profile,
 * or a comparison as two-column folded stacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd_export.h"
#include "cli/cmd_msg.h"
#include "cli/cmd_input.h"
#include "export/export_folded.h"
#include "export/export_heatmap.h"
#include "export/export_pprof.h"
#include "export/export_speedscope.h"
#include "base/xalloc.h"

static const char *
out_name(const ft_cmdline *o)
{
	return o->out ? o->out : "stdout";
}

static int folded_to(const ft_profile *p, int col, int col2, FILE *out);

static int
export_compare(ft_input *in, const ft_cmdline *o, FILE *out)
{
	if (strcmp(o->export_fmt, "folded") != 0) {
		cmd_msg(stderr, "flametui: a comparison exports as folded stacks "
		    "(stack A B) or as an SVG; use --export folded or --export svg\n");
		return 2;
	}
	if (folded_to(in->cmp.u, CMP_A, CMP_B, out) != 0) {
		cmd_msg(stderr, "flametui: %s: write error\n", out_name(o));
		return 1;
	}
	return 0;
}

static int
export_pprof_file(const ft_profile *p, const ft_cmdline *o, FILE *out)
{
	ft_diag err = {{0}};
	if (isatty(fileno(out))) {
		cmd_msg(stderr, "flametui: --export pprof writes binary data; "
		    "use -o FILE or a pipe\n");
		return 1;
	}
	if (export_pprof(p, out, &err) != 0) {
		cmd_msg(stderr, "flametui: %s: %s\n", out_name(o), err.msg);
		return 1;
	}
	return 0;
}

/* Folded stacks to a terminal are for reading: written escaped (frame
 * names may hold escape sequences); to a file or a pipe, byte-exact. */
static int
folded_to(const ft_profile *p, int col, int col2, FILE *out)
{
	if (!isatty(fileno(out)))
		return export_folded_root(p, col, col2, 1, out);
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	if (mem == NULL)
		return -1;
	int rc = export_folded_root(p, col, col2, 1, mem);
	if (fclose(mem) != 0)
		rc = -1;
	if (rc == 0) {
		size_t cap = len * 6 + 8;
		char *e = xmalloc(cap);
		size_t n = escape_msg(e, cap, buf, len);
		if (fwrite(e, 1, n, out) != n)
			rc = -1;
		free(e);
	}
	free(buf);
	return rc;
}

int
cmd_export(ft_input *in, const ft_cmdline *o, FILE *out)
{
	if (in->compare)
		return export_compare(in, o, out);
	const ft_profile *p = in->p;
	if (strcmp(o->export_fmt, "heatmap") == 0) {
		/* The whole recording, as FlameScope draws it: filters and
		 * ranges choose a flame graph, not the map. */
		ft_diag err = {{0}};
		if (export_heatmap(in->base, out, &err) != 0) {
			cmd_msg(stderr, "flametui: %s\n", err.msg);
			return 1;
		}
		return 0;
	}
	if (strcmp(o->export_fmt, "pprof") == 0)
		return export_pprof_file(p, o, out);
	if (strcmp(o->export_fmt, "speedscope") == 0) {
		ft_diag err = {{0}};
		if (export_speedscope(p, in->col, out, &err) != 0) {
			fprintf(stderr, "flametui: %s: %s\n", out_name(o), err.msg);
			return 1;
		}
		return 0;
	}
	ft_diag err = {{0}};
	if (profile_check_stack_frames(p, "the folded export", &err) != 0) {
		cmd_msg(stderr, "flametui: %s: %s\n", out_name(o), err.msg);
		return 1;
	}
	/* A differential file written back keeps its two columns. */
	if (folded_to(p, p->differential ? 0 : in->col, p->differential ? 1 : -1, out) != 0) {
		cmd_msg(stderr, "flametui: %s: write error\n", out_name(o));
		return 1;
	}
	return 0;
}
