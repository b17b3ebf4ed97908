/* floor_json.c - the floor of loading a JSON profile: yajl, the JSON
 * library flametui reads JSON with (src/input/json.c), tokenizing the file
 * with no callbacks at all, nothing built.  `make bench` prints its time
 * beside the JSON loaders' (Firefox processed, stackprof): no loader on
 * yajl can be faster.  Usage: floor_json FILE; exit 1 on bad JSON. */
#include <stdio.h>

#include <yajl/yajl_parse.h>

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: floor_json FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (f == NULL) {
		perror(argv[1]);
		return 1;
	}
	yajl_handle h = yajl_alloc(NULL, NULL, NULL);
	static unsigned char buf[1 << 20];
	size_t n;
	int rc = 0;
	while (rc == 0 && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		rc = yajl_parse(h, buf, n) != yajl_status_ok;
	if (rc == 0)
		rc = yajl_complete_parse(h) != yajl_status_ok;
	yajl_free(h);
	fclose(f);
	if (rc != 0)
		fprintf(stderr, "floor_json: %s: not JSON\n", argv[1]);
	return rc;
}
