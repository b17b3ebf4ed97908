/* export_heatmap.c - FlameScope's heat map JSON (see export_heatmap.h). */
#include "export/export_heatmap.h"

#include "ops/timerange.h"

int
export_heatmap(const ft_profile *p, FILE *out, ft_diag *err)
{
	ft_heatmap hm;
	if (timerange_heatmap(p, 50, FT_NS, 0, &hm, err) != 0)
		return -1;
	fputs("{\"columns\":[", out);
	for (uint32_t c = 0; c < hm.cols; c++)
		fprintf(out, "%s%u", c ? "," : "", c * (uint32_t)(hm.step / FT_NS));
	fputs("],\"rows\":[", out);
	for (uint32_t r = hm.rows; r-- > 0;) {
		/* 1000 * r / rows ms, as FlameScope's YRATIO * (r / rows). */
		double ms = 1000.0 * (double)r / (double)hm.rows;
		fprintf(out, "%s%.17g", r + 1 < hm.rows ? "," : "", ms);
	}
	fputs("],\"values\":[", out);
	for (uint32_t c = 0; c < hm.cols; c++) {
		fputs(c ? ",[" : "[", out);
		for (uint32_t r = 0; r < hm.rows; r++)
			fprintf(out, "%s%u", r ? "," : "", hm.counts[(size_t)c * hm.rows + r]);
		fputc(']', out);
	}
	fprintf(out, "],\"maxvalue\":%u}\n", hm.maxvalue);
	heatmap_free(&hm);
	if (ferror(out)) {
		diag_set(err, "write error");
		return -1;
	}
	return 0;
}
