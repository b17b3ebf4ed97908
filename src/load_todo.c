/* load_todo.c - formats whose loaders have not landed yet. */
#include "load.h"

ft_profile *
load_pprof(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	diag_set(err, "%s: pprof profiles are not supported yet", source_name(src));
	return NULL;
}

ft_profile *
load_perf(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	diag_set(err, "%s: perf script input is not supported yet", source_name(src));
	return NULL;
}
