/* test_heat_scale.c - the heat map's colour scales (draw/render_heat.h)
 * and the activity line's bar levels (draw/render_activity.h).  Expected
 * colours worked out by hand from FlameScope's scales (its Heatmap.jsx:
 * d3 scaleLinear over [0, max/2, max] -> #FFFFFF #FF5032 #E50914, and
 * "enhanced" over [0, 1, 3, max/2, max] -> #FFFFFF #6AAAFF #FAA0B5
 * #FF5032 #E50914, each channel interpolated and rounded) and viridis'
 * published stops. */
#include "draw/render_activity.h"
#include "draw/render_heat.h"
#include "unit.h"

TEST(linear)
{
	CHECK_INT(render_heat_rgb(HEAT_LINEAR, 0, 50), FT_COLOR_DEFAULT);
	CHECK_INT(render_heat_rgb(HEAT_LINEAR, 25, 50), 0xff5032);
	CHECK_INT(render_heat_rgb(HEAT_LINEAR, 50, 50), 0xe50914);
	/* 10 of 40: half way from white to #FF5032: 255, 167.5, 152.5. */
	CHECK_INT(render_heat_rgb(HEAT_LINEAR, 10, 40), 0xffa899);
	/* 30 of 40: half way from #FF5032 to #E50914: 242, 44.5, 35. */
	CHECK_INT(render_heat_rgb(HEAT_LINEAR, 30, 40), 0xf22d23);
	CHECK_INT(render_heat_char(HEAT_LINEAR, 0, 50), ' ');
	CHECK_INT(render_heat_char(HEAT_LINEAR, 1, 50), '.');
	CHECK_INT(render_heat_char(HEAT_LINEAR, 50, 50), '@');
	CHECK_STR(render_heat_scale_name(HEAT_LINEAR), "linear");
}

TEST(enhanced)
{
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 1, 50), 0x6aaaff);
	/* 2: half way from #6AAAFF to #FAA0B5: 178, 165, 218. */
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 2, 50), 0xb2a5da);
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 3, 50), 0xfaa0b5);
	/* 14: half way from 3 to 25: 252.5, 120, 115.5. */
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 14, 50), 0xfd7874);
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 25, 50), 0xff5032);
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 50, 50), 0xe50914);
	/* max 4: max/2 = 2 is not above 3 and is skipped: 3 -> 4 goes from
	 * #FAA0B5 to #E50914. */
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 4, 4), 0xe50914);
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 3, 4), 0xfaa0b5);
	/* A single sample in a busy map: white on the linear scale, blue on
	 * the enhanced one. */
	CHECK_INT(render_heat_rgb(HEAT_LINEAR, 1, 1000), 0xffffff);
	CHECK_INT(render_heat_rgb(HEAT_ENHANCED, 1, 1000), 0x6aaaff);
	CHECK_INT(render_heat_char(HEAT_ENHANCED, 1, 1000), '.');
	CHECK_INT(render_heat_char(HEAT_LINEAR, 1, 1000), '.');
	CHECK_INT(render_heat_char(HEAT_ENHANCED, 3, 1000), ':');
	CHECK_INT(render_heat_char(HEAT_LINEAR, 3, 1000), '.');
	CHECK_INT(render_heat_char(HEAT_ENHANCED, 1000, 1000), '@');
	CHECK_STR(render_heat_scale_name(HEAT_ENHANCED), "enhanced");
}

TEST(colour_blind)
{
	CHECK_INT(render_heat_rgb(HEAT_CB, 0, 8), FT_COLOR_DEFAULT);
	CHECK_INT(render_heat_rgb(HEAT_CB, 2, 8), 0x3b528b);
	CHECK_INT(render_heat_rgb(HEAT_CB, 4, 8), 0x21918c);
	CHECK_INT(render_heat_rgb(HEAT_CB, 8, 8), 0xfde725);
	/* 1 of 8: half way from #440154 to #3B528B: 63.5, 41.5, 111.5. */
	CHECK_INT(render_heat_rgb(HEAT_CB, 1, 8), 0x402a70);
	CHECK_STR(render_heat_scale_name(HEAT_CB), "colour-blind");
}

TEST(activity_levels)
{
	CHECK_INT(render_activity_level(0, 10), 0);
	CHECK_INT(render_activity_level(1, 100), 1); /* any sample shows */
	CHECK_INT(render_activity_level(50, 100), 4);
	CHECK_INT(render_activity_level(51, 100), 5);
	CHECK_INT(render_activity_level(100, 100), 8);
	CHECK_INT(render_activity_level(5, 0), 0);
}

int
main(void)
{
	RUN(linear);
	RUN(enhanced);
	RUN(colour_blind);
	RUN(activity_levels);
	return unit_report();
}
