# flametui - interactive terminal flame graph viewer.
# Plain make; knobs below can be overridden: make CC=clang PREFIX=$HOME/.local

CC ?= cc
PKG_CONFIG ?= pkg-config
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DESTDIR ?=
CFLAGS ?= -O2 -g
LDFLAGS ?=
BUILD ?= build

WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wpointer-arith -Wformat=2 -Wundef \
       -Wno-unused-parameter
# CI (CI=true) builds with -Werror.
ifeq ($(CI),true)
WERROR = 1
endif
ifeq ($(WERROR),1)
WARN += -Werror
endif

PKGS = ncursesw zlib libpcre2-8 libdeflate yajl
# libcurl's headers only: fetch.c opens the library (dlopen) the first time
# a URL is fetched, so that other runs do not map it and its dependencies.
DEP_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) libcurl 2>/dev/null)
DEP_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
ifeq ($(strip $(DEP_LIBS)),)
DEP_CFLAGS := -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600
DEP_LIBS := -lncursesw -ltinfo -lz -lpcre2-8 -ldeflate -lyajl
endif
# dlopen is in libc since glibc 2.34 (and in musl); older glibc: make LIBDL=-ldl
LIBDL ?=
DEP_LIBS += $(LIBDL)
# libiberty's demangler (Debian libiberty-dev) has no .pc file.
DEP_LIBS += -liberty
# libdw (elfutils, Debian libdw-dev) names addresses from binaries on this
# machine (input/symbolize.c).  Linux only: without it, profiles load the
# same and --info says that nothing could be named.
HAVE_LIBDW := $(shell $(PKG_CONFIG) --exists libdw 2>/dev/null && echo 1)
ifeq ($(HAVE_LIBDW),1)
DEP_CFLAGS += -DFT_HAVE_LIBDW $(shell $(PKG_CONFIG) --cflags libdw)
DEP_LIBS += $(shell $(PKG_CONFIG) --libs libdw)
endif
# --watch loads in a background thread.
DEP_LIBS += -pthread

ALL_CFLAGS = $(WARN) $(DEP_CFLAGS) -D_POSIX_C_SOURCE=200809L -Isrc $(CFLAGS) -MMD -MP

# src/ has one folder per layer (src/README.md).  Everything but the front
# end (main.c, the commands in cli/ and draw/tui.c, the one file that uses
# curses) is the testable core (libflametui.a).
LAYERS := base profile input ops export view draw cli
APP_SRC := src/main.c src/draw/tui.c $(wildcard src/cli/*.c)
APP_OBJ := $(APP_SRC:src/%.c=$(BUILD)/%.o)
CORE_SRC := $(filter-out $(APP_SRC),$(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c)))
CORE_OBJ := $(CORE_SRC:src/%.c=$(BUILD)/%.o)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

all: flametui

flametui: $(APP_OBJ) $(BUILD)/libflametui.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(APP_OBJ) $(BUILD)/libflametui.a $(DEP_LIBS) -lm

$(BUILD)/libflametui.a: $(CORE_OBJ)
	rm -f $@
	$(AR) rcs $@ $(CORE_OBJ)

$(BUILD)/%.o: src/%.c | $(BUILD)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(BUILD)/libflametui.a | $(BUILD)
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libflametui.a $(DEP_LIBS) -lm

$(BUILD):
	@mkdir -p $(BUILD)

# --- tests -------------------------------------------------------------------
# check runs everything: unit, golden, reference, tmux end-to-end, man lint,
# the sanitizer build and (with clang) a short fuzz run.
check: all
	@MAKE="$(MAKE)" sh tests/check.sh

unit: $(UNIT_BIN) flametui $(BUILD)/flametui-bench
	@sh tests/run-unit.sh $(UNIT_BIN)

# The layers of src/ (src/README.md): no file uses a higher layer, no
# circles (includes and symbols), every include names its layer, every
# header compiles alone; then the check itself on made-up faulty trees.
layers: flametui
	@python3 tests/layers.py --build $(BUILD) --cc "$(CC)" --cflags "$(filter-out -MMD -MP,$(ALL_CFLAGS))"
	@CC="$(CC)" sh tests/test-layers.sh

golden: flametui
	@sh tests/golden.sh

golden-update: flametui
	@GENERATE=1 sh tests/golden.sh

reference: flametui $(BUILD)/tests/test_diffstat
	@sh tests/reference.sh

e2e: flametui
	@sh tests/e2e/run.sh

lint: flametui
	@sh tests/lint.sh

# SVG export: xmllint, geometry against the tree, headless Chromium.
svg: flametui
	@sh tests/svg/run.sh

# Address and undefined-behaviour sanitizers over the unit and golden tests.
asan:
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer" \
		LDFLAGS="-fsanitize=address,undefined" flametui-asan

flametui-asan: $(APP_OBJ) $(BUILD)/libflametui.a $(UNIT_BIN)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(APP_OBJ) $(BUILD)/libflametui.a $(DEP_LIBS) -lm

asan-check: asan
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		sh tests/run-unit.sh $(UNIT_SRC:tests/unit/%.c=build-asan/tests/%)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
		FLAMETUI=./flametui-asan sh tests/golden.sh
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
		FLAMETUI=./flametui-asan sh tests/reference.sh

# libFuzzer harnesses, one per loader (needs clang).
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN := $(FUZZ_SRC:tests/fuzz/%.c=build-fuzz/%)
FUZZ_CC ?= clang

fuzz:
	@if [ -z "$(FUZZ_BIN)" ]; then echo "fuzz: skipped: no harnesses in tests/fuzz"; \
	elif command -v $(FUZZ_CC) >/dev/null 2>&1; then \
		$(MAKE) BUILD=build-fuzz CC=$(FUZZ_CC) \
		CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined" $(FUZZ_BIN); \
	else echo "fuzz: skipped: $(FUZZ_CC) not found (apt-get install clang)"; fi

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c build-fuzz/libflametui.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< build-fuzz/libflametui.a $(DEP_LIBS) -lm

fuzz-check:
	@if command -v $(FUZZ_CC) >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory fuzz && \
		if [ -f tests/fuzz/run.sh ]; then sh tests/fuzz/run.sh 20; fi; \
	else echo "fuzz: skipped: $(FUZZ_CC) not found (apt-get install clang)"; fi

# The benchmark drivers: a separate program on the same library.
$(BUILD)/flametui-bench: bench/bench.c $(BUILD)/libflametui.a | $(BUILD)
	$(CC) $(ALL_CFLAGS) -o $@ bench/bench.c $(BUILD)/libflametui.a $(DEP_LIBS) -lm

# The floors beside the load, memory (--mem) and filter rows
# (bench/floor_load.c): no library, only the work no loader can skip.
$(BUILD)/floor_load: bench/floor_load.c | $(BUILD)
	$(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) -D_GNU_SOURCE -o $@ bench/floor_load.c

# The JSON loaders' floor (bench/floor_json.c): yajl alone.
$(BUILD)/floor_json: bench/floor_json.c | $(BUILD)
	$(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) -o $@ bench/floor_json.c $(DEP_LIBS)

# The pprof load's floor (bench/floor_pprof.c): libdeflate and a walk of the
# wire format into a (parent, name) table.
$(BUILD)/floor_pprof: bench/floor_pprof.c | $(BUILD)
	$(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) -o $@ bench/floor_pprof.c $(DEP_LIBS)

# --export svg's floor (bench/floor_svg.c): the same SVG elements formatted
# with stdio.
$(BUILD)/floor_svg: bench/floor_svg.c | $(BUILD)
	$(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) -o $@ bench/floor_svg.c

FLOORS = $(BUILD)/floor_load $(BUILD)/floor_json $(BUILD)/floor_pprof $(BUILD)/floor_svg

bench: flametui $(BUILD)/flametui-bench $(FLOORS)
	@FLAMETUI_BENCH=$(BUILD)/flametui-bench FLOOR_LOAD=$(BUILD)/floor_load \
	    FLOOR_JSON=$(BUILD)/floor_json FLOOR_PPROF=$(BUILD)/floor_pprof \
	    FLOOR_SVG=$(BUILD)/floor_svg sh bench/run.sh

# --- install -------------------------------------------------------------------
install: flametui
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 flametui $(DESTDIR)$(BINDIR)/flametui
	install -m 644 man/flametui.1 $(DESTDIR)$(MANDIR)/man1/flametui.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/flametui $(DESTDIR)$(MANDIR)/man1/flametui.1

clean:
	rm -rf $(BUILD) build-asan build-fuzz flametui flametui-asan

.PHONY: all check unit layers golden golden-update reference e2e lint svg asan asan-check \
	fuzz fuzz-check bench install uninstall clean

-include $(wildcard $(BUILD)/*.d $(BUILD)/*/*.d)
