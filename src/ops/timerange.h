/* timerange.h - a profile's timeline (profile/timeline.h) and its tree:
 * which nodes are idle, the heat map of a profile, and the tree of the
 * samples in a time range (the `time A,B` filter, --time-range).
 */
#ifndef FT_TIMERANGE_H
#define FT_TIMERANGE_H

#include <stdint.h>

#include "base/diag.h"
#include "profile/profile.h"
#include "profile/timeline.h"

/* The nodes of p whose samples are idle by FlameScope's rules (perf:
 * a frame with "swapper" and a frame at or below it with cpuidle,
 * cpu_idle, cpu_bringup_and_idle, native_safe_halt,
 * xen_hypercall_sched_op or xen_hypercall_vcpu_op in its name; V8: a frame
 * named "(idle)"), as a set of one bit per node (ft_bit()).  malloc'd;
 * NULL when p has no timeline, no idle rule or no idle frame. */
uint8_t *timerange_idle_nodes(const ft_profile *p);

/* The heat map of p (heatmap_bin with idle samples left out unless
 * with_idle).  -1 with err when p has no timeline. */
int timerange_heatmap(const ft_profile *p, uint32_t rows, int64_t step,
    int with_idle, ft_heatmap *hm, ft_diag *err);

/* The tree of p's samples with a <= t - origin < b (ns offsets from
 * timeline_origin()), finished with (sort, column), its timeline the
 * samples in range.  Labels are not carried (they sum every sample).
 * A trace without a timeline but with spans (profile/spans.h: its
 * duration events) gives the spans' self time inside [a, b) instead,
 * offsets from spans_origin() (the first span's start), each span cut to
 * the range (no timeline, no spans kept).  NULL with err when p has
 * neither, or on overflow. */
ft_profile *timerange_apply(const ft_profile *p, int64_t a, int64_t b,
    enum ft_sort sort, int column, ft_diag *err);

/* The nodes of base whose samples have node of p on their stack, for the
 * activity line's share of a frame: p is base or a tree derived from it
 * (same name table).  When base has node's call path, that node and its
 * subtree; else (an inverted or collapsed tree, a hidden frame) every
 * node of base named as node and the subtrees below them.  malloc'd,
 * base->nnodes bytes; NULL when node is the root (every sample). */
uint8_t *timerange_frame_nodes(const ft_profile *base, const ft_profile *p,
    uint32_t node);

/* The samples of p that have a time, and its bounds as text for --info
 * and the header: "2765 samples over 3.01 s (+1 without time)".
 * Returns the length written (0 when p has no timeline). */
int timerange_describe(const ft_profile *p, char *buf, size_t cap);

#endif
