/* cmd_info.c - --info: load statistics and totals as key=value lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/timerange.h"
#include "cli/cmd_info.h"
#include "cli/cmd_msg.h"
#include "cli/cmd_input.h"
#include "profile/labels.h"
#include "profile/relabel.h"
#include "profile/spans.h"
#include "profile/units.h"
#include "base/xalloc.h"

/* A value from the input, escaped so one key=value stays one line and
 * nothing reaches the terminal raw (buf: ESC_CAP bytes).  Every line is
 * then written with cmd_msg, the escaper of every message, so text made
 * below from the file (the sniffer's reason, a loader's summary) cannot
 * reach the terminal raw either. */
#define ESC_CAP 4096
static const char *
esc(char *buf, const char *s)
{
	escape_text(buf, ESC_CAP, s, strlen(s), ESC_CAP / 4);
	return buf;
}

static void
print_report(const ft_load_report *rep, FILE *out)
{
	cmd_msg(out, "lines=%ld\nvalid=%ld\ninvalid=%ld\nblank=%ld\ncomment=%ld\n"
	    "input_stacks=%ld\n", rep->lines, rep->valid, rep->invalid, rep->blank,
	    rep->comment, rep->stacks);
}

static void
print_info(const ft_profile *p, int col, FILE *out)
{
	char buf[64], e1[ESC_CAP], e2[ESC_CAP];
	cmd_msg(out, "format=%s\n", esc(e1, p->format));
	for (int c = 0; c < p->nvals; c++) {
		val_format(buf, sizeof(buf), profile_total(p, FT_ROOT, c), p->scale);
		cmd_msg(out, "type%d=%s/%s\ntotal%d=%s\n", c, esc(e1, p->types[c].name),
		    esc(e2, p->types[c].unit), c, buf);
	}
	val_format(buf, sizeof(buf), profile_total(p, FT_ROOT, col), p->scale);
	cmd_msg(out, "sample_type=%s\ntotal=%s\n", esc(e1, p->types[col].name), buf);
	cmd_msg(out, "stacks=%u\nnodes=%u\n", profile_count_stacks(p), p->nnodes - 1);
	/* Distinct frame names used by nodes. */
	uint32_t nn = intern_count(p->names), used = 0;
	unsigned char *seen = xcalloc(nn ? nn : 1, 1);
	for (uint32_t i = 1; i < p->nnodes; i++) {
		if (!seen[p->nodes[i].name]) {
			seen[p->nodes[i].name] = 1;
			used++;
		}
	}
	free(seen);
	cmd_msg(out, "names=%u\nmax_depth=%u\n", used, p->max_depth);
	if (p->note != NULL)
		cmd_msg(out, "note=%s\n", esc(e1, p->note));
	for (int i = 0; i < p->nlabel_keys; i++)
		cmd_msg(out, "label_key=%s\n", esc(e1, p->label_keys[i]));
	for (int i = 0; i < p->nnumlabel_keys; i++)
		cmd_msg(out, "numlabel_key=%s\n", esc(e1, p->numlabel_keys[i]));
}

/* Values of a label key --info lists; the rest are summed on one line. */
#define INFO_LABEL_TOP 10

/* The whole profile's value by label value: "label=KEY=VALUE V (P%)", the
 * INFO_LABEL_TOP biggest values of each key, then for a key with more
 * (a profile_id, a trace id: hundreds) "label_more=KEY=N values V (P%)",
 * the count and sum of the others. */
static void
print_labels(const ft_profile *p, int col, const ft_filters *f, FILE *out)
{
	const ft_matcher *show, *hide;
	filters_tag_keys(f, &show, &hide);
	ft_label_share *r;
	uint32_t n = labels_breakdown(p, FT_ROOT, col, show, hide, &r);
	double all = (double)profile_total(p, FT_ROOT, col);
	char k[600], v[600], num[64], pc[32];
	for (uint32_t i = 0; i < n;) {
		uint32_t kl, vl, j = i;
		const char *ks = labelsets_text(p->labels->sets, r[i].key, &kl);
		escape_text(k, sizeof(k), ks, kl, 500);
		for (; j < n && r[j].key == r[i].key && j - i < INFO_LABEL_TOP; j++) {
			const char *vs = labelsets_text(p->labels->sets, r[j].value, &vl);
			escape_text(v, sizeof(v), vl ? vs : "(none)", vl ? vl : 6, 500);
			val_format(num, sizeof(num), r[j].v, p->scale);
			units_pct(pc, sizeof(pc), (double)r[j].v, all);
			cmd_msg(out, "label=%s=%s %s (%s)\n", k, v, num, pc);
		}
		ft_val rest = 0;
		uint32_t more = 0;
		/* Each sample counts once under a key: the sum fits the total. */
		for (; j < n && r[j].key == r[i].key; j++, more++)
			(void)val_add(&rest, r[j].v);
		if (more > 0) {
			val_format(num, sizeof(num), rest, p->scale);
			units_pct(pc, sizeof(pc), (double)rest, all);
			cmd_msg(out, "label_more=%s=%u value%s %s (%s)\n", k, more,
			    more == 1 ? "" : "s", num, pc);
		}
		i = j;
	}
	free(r);
}

static void
print_compare(const ft_compare *cmp, FILE *out)
{
	char ta[64], tb[64], e[4][ESC_CAP];
	val_format(ta, sizeof(ta), cmp->total[0], cmp->u->scale);
	val_format(tb, sizeof(tb), cmp->total[1], cmp->u->scale);
	cmd_msg(out, "compare=%s vs %s\nsample_type=%s/%s\ntotal_a=%s\ntotal_b=%s\n"
	    "normalized=%d\nnodes=%u\nonly_a=%u\nonly_b=%u\n", esc(e[0], cmp->src[0]),
	    esc(e[1], cmp->src[1]), esc(e[2], cmp->type[0]), esc(e[3], cmp->type[1]), ta, tb,
	    cmp->normalized, cmp->u->nnodes - 1, cmp->only[0], cmp->only[1]);
	/* By what A was scaled, when not to B's total (k, durations, the
	 * lengths of two time ranges). */
	if (cmp->normalized && cmp->norm_by != NULL)
		cmd_msg(out, "normalized_by=%s\n", esc(e[0], cmp->norm_by));
	/* What vanished (the elided graph, E): A's total of the paths B no
	 * longer has. */
	char el[64];
	val_format(el, sizeof(el), cmp->welided[FT_ROOT], cmp->u->scale);
	cmd_msg(out, "elided_a=%s\n", el);
	/* Every name of A matched to a different name of B (--exact-names:
	 * none). */
	const ft_intern *t = cmp->u->names;
	cmd_msg(out, "names_matched=%u\n", cmp->loose);
	for (uint32_t i = 0; i < cmp->loose; i++) {
		uint32_t x = cmp->loose_ids[i];
		uint32_t y = x < cmp->numap ? cmp->umap[x] : x;
		char na[ESC_CAP + 8], nb[ESC_CAP + 8];
		snprintf(na, sizeof(na), "%s%s", intern_str(t, x), kind_suffix(intern_kind(t, x)));
		snprintf(nb, sizeof(nb), "%s%s", intern_str(t, y), kind_suffix(intern_kind(t, y)));
		cmd_msg(out, "name_match=%s = %s\n", esc(e[0], na), esc(e[1], nb));
	}
}

int
cmd_info(ft_input *in, const ft_cmdline *o, FILE *out)
{
	char e[ESC_CAP];
	if (in->compare) {
		print_compare(&in->cmp, out);
		return 0;
	}
	if (in->have_report)
		print_report(&in->report, out);
	if (in->have_report && in->report.format_why[0] != '\0')
		cmd_msg(out, "detected=%s\n", esc(e, in->report.format_why));
	if (in->have_report && in->report.summary[0] != '\0')
		cmd_msg(out, "%s\n", in->report.summary);
	if (in->have_report && in->threads > 0)
		cmd_msg(out, "threads=%u\nprocesses=%u\ngroup=%s\n", in->threads,
		    in->processes, group_name(o->group));
	char tbuf[512];
	if (timerange_describe(in->base, tbuf, sizeof(tbuf)) > 0)
		cmd_msg(out, "time=%s\n", tbuf);
	if (in->base != NULL && in->base->spans != NULL)
		cmd_msg(out, "spans=%u (%zu bytes kept)\n", in->base->spans->n,
		    spans_bytes(in->base->spans));
	print_info(in->p, in->col, out);
	print_labels(in->p, in->col, &o->filters, out);
	return 0;
}
