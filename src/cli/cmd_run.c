/* cmd_run.c - from a parsed command line to a command's exit status: load
 * the input (cmd_input.c), open the output, run one command (cmd_view.c,
 * cmd_export.c, cmd_top.c, cmd_info.c), free. */
#include "cli/cmd_run.h"

#include <stdio.h>

#include "cli/cmd_export.h"
#include "cli/cmd_info.h"
#include "cli/cmd_input.h"
#include "cli/cmd_top.h"
#include "cli/cmd_view.h"
#include "ops/filters.h"

int
cmd_run(ft_cmdline *o)
{
	ft_input in;
	int rc = cmd_input_load(&in, o);
	FILE *out = rc < 0 ? cmd_output_open(o) : NULL;
	if (rc < 0 && out == NULL)
		rc = 1;
	if (rc < 0) {
		switch (o->cmd) {
		case CMD_INFO: rc = cmd_info(&in, o, out); break;
		case CMD_EXPORT:
			rc = cmd_export_is_svg(o) ? cmd_show(&in, o, out) : cmd_export(&in, o, out);
			break;
		case CMD_TOP: rc = cmd_top(&in, o, out); break;
		case CMD_DUMP:
		case CMD_VIEW: rc = cmd_show(&in, o, out); break;
		}
		if (cmd_output_close(o, out) != 0)
			rc = 1;
	}
	cmd_input_free(&in);
	filters_free(&o->filters);
	return rc;
}
