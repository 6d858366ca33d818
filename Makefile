# delving: one POSIX makefile.  make; make test; make demo; make install
.POSIX:
.SUFFIXES:
.SUFFIXES: .c .o

PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions
# make dist writes delving-VERSION.tar.gz here
DISTDIR = .
CC = cc
CFLAGS = -O2 -std=c11 -Wall -Wextra -Wpedantic
LDFLAGS =
# The programs are linked statically where the C library has a static
# archive (common/static.flag, probed once): a run skips the dynamic loader,
# which is most of a short run's time.  make clean; make STATIC= links them
# dynamically.
STATIC = yes
CPPFLAGS =
# The feature macro, set in this one place: POSIX.1-2008 with err(3),
# flock(2), getrandom(2) and Linux's F_SETPIPE_SZ.
DELVING_CPPFLAGS = -D_GNU_SOURCE -Icommon
FUZZ_SECONDS = 60
# bats runs the test files one more at a time than there are cores when GNU
# parallel is installed: the kill tests sleep between their kills, and
# would leave a core idle (make test: 110 s with 2 jobs, 90 s with 3, on 2
# cores).
#
# The tests' scratch directories go on a memory file system (TESTTMP,
# /dev/shm where it is writable): the state files' fsync on a disk was
# most of the wall time of the tests that write state thousands of times
# (20 writers x 25 updates: 11.2 s on disk, 4.2 s on tmpfs).  make test
# TESTTMP=/tmp runs them on disk.  Each run has a directory of its own
# there, its TMPDIR, removed at its end with whatever a test left in it.
TESTTMP = $$([ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo "$${TMPDIR:-/tmp}")
BATS = t=$$(mktemp -d "$(TESTTMP)/delving-tests.XXXXXX") && trap 'rm -rf "$$t"' EXIT && \
	TMPDIR=$$t bats $$(command -v parallel >/dev/null 2>&1 && \
	echo --jobs $$(($$(nproc 2>/dev/null || echo 1) + 1)) --no-parallelize-within-files)
SANITIZE = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all

# The programs, named here once (STYLE.md habit 14): BIN, MAN6 and the
# programs' sources below, common/progs.h (the record layouts' programs),
# the completions and the tests' lists are made from PROGS (POSIX.1-2024's
# pattern macro expansion, which GNU make and bmake have long had).  A name
# is 8 bytes at most (common/layout.h).
PROGS = hazard light timedice reaction chase return roll delve
BIN = $(PROGS:%=bin/%)
# delve's sources: the driver cmd/delve.c and a file a job (cmd/delve.h).
DELVE_SRC = cmd/delve.c cmd/delve-session.c cmd/delve-turn.c cmd/delve-gm.c \
	cmd/delve-view.c cmd/delve-new.c cmd/delve-batch.c \
	cmd/delve-screen.c
# The sources of program $$p in a recipe: cmd/$$p.c, or delve's.
SRC_OF = case $$p in delve) echo $(DELVE_SRC) ;; *) echo cmd/$$p.c ;; esac
MAN6 = $(PROGS:%=man/%.6)
MAN7 = man/delving.7
# The version lives in common/util.h alone; recipes read it from there.
VERSION = $$(sed -n 's/.*DELVING_VERSION "\(.*\)".*/\1/p' common/util.h)

# common/ is layered one way, lowest first, in common/LAYERS (STYLE.md
# habit 2); tests/layers.sh fails on a circle or an arrow that runs up.
HDR = common/afflict.h common/alarm.h common/characters.h common/bigint.h common/check.h common/clock.h common/clockstate.h common/dice.h common/expr.h common/gm.h common/hazdie.h common/hazstate.h common/lamp.h common/lampstate.h common/odds.h common/opt.h \
	common/pace.h common/party.h common/proc.h common/reactstate.h common/record.h common/rectbl.h \
	common/rng.h common/rules.h common/screen.h common/session.h common/kwf.h common/update.h \
	common/table.h common/timer.h common/util.h common/view.h \
	common/out.h common/layout.h common/recread_priv.h common/progs.h common/json.h common/tblread.h common/tblmd.h \
	common/tbljson.h common/tblcsv.h
OBJ = common/afflict.o common/alarm.o common/characters.o common/bigint.o common/check.o common/clock.o common/clockstate.o common/dice.o common/entry.o common/expr.o common/gm.o common/hazdie.o common/hazstate.o common/lamp.o common/lampstate.o common/odds.o common/opt.o \
	common/pace.o common/party.o common/proc.o common/reactstate.o common/rectbl.o \
	common/rng.o common/rules.o common/screen.o common/session.o common/kwf.o common/update.o \
	common/table.o common/timer.o common/util.o common/view.o \
	common/out.o common/layout.o common/recwrite.o common/recread.o \
	common/json.o common/tblread.o common/tblmd.o common/tbljson.o common/tblcsv.o \
	common/tblout.o
LIB = common/libdelving.a

# The completions, made with the programs of PROGS on their lists.
COMPLETIONS = cmd/completion/delving.bash cmd/completion/_delving

all: $(BIN) $(COMPLETIONS)

$(COMPLETIONS): Makefile $(COMPLETIONS:=.in)
	sed 's/@PROGS@/$(PROGS)/' $@.in > $@

.c.o:
	$(CC) $(DELVING_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(OBJ): $(HDR)

$(LIB): $(OBJ)
	rm -f $@
	$(AR) -rc $@ $(OBJ)

# One rule builds every program: bin/NAME from cmd/NAME.c (delve from
# DELVE_SRC) and the archive.
$(BIN): $(LIB) $(HDR) common/static.flag $(PROGS:%=cmd/%.c) $(DELVE_SRC) \
    cmd/delve.h
	@mkdir -p bin
	$(CC) $(DELVING_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -o $@ $$(p=$(@F); $(SRC_OF)) \
	    $(LIB) $(LDFLAGS) $$([ -z "$(STATIC)" ] || cat common/static.flag)

# DELVING_PROGS(X), X(name, NAME) for each of PROGS, for common/layout.h.
common/progs.h: Makefile
	@{ echo "/* made by make from the Makefile's PROGS: do not edit */"; \
	printf '#define DELVING_PROGS(X)'; for p in $(PROGS); do \
	printf ' \\\n\tX(%s, %s)' $$p $$(echo $$p | tr a-z A-Z); done; \
	echo; } > $@

# -static if $(CC) can link a static program here, else nothing.
common/static.flag:
	@printf 'int main(void) { return 0; }\n' > common/static.c
	@if $(CC) $(CFLAGS) $(LDFLAGS) -static -o common/static.out common/static.c \
	    2>/dev/null; then echo -static; fi > $@
	@rm -f common/static.c common/static.out

tests/unit: tests/unit.c $(LIB) $(HDR)
	$(CC) $(DELVING_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -o $@ tests/unit.c $(LIB) $(LDFLAGS)

# The longest files first (seconds, measured): bats --jobs starts the files
# in the order given, so that no long one runs alone at the end.  make test
# prints its time at its end.
SLOW_TESTS = tests/delve.bats tests/state.bats tests/session-kills.bats \
	tests/screen.bats \
	tests/dice.bats tests/timedice.bats tests/badinput.bats tests/limits.bats \
	tests/light.bats tests/json.bats tests/hazard.bats tests/chase.bats \
	tests/session-faults.bats tests/frontend.bats tests/common.bats tests/install.bats
# tests/platforms.bats builds the tree again with two cross compilers and
# runs the golden tests on those builds (37 CPU seconds): make platforms,
# which .ci/run runs beside make sanitize and make fuzz, not make test.
PLATFORM_TESTS = tests/platforms.bats
# Every other test file, the slow ones first.
SUITE = $(SLOW_TESTS) $$(for f in tests/*.bats; do case " $(SLOW_TESTS) $(PLATFORM_TESTS) " in \
	    *" $$f "*) ;; *) echo "$$f" ;; esac; done)
NEED_BATS = command -v bats >/dev/null 2>&1 || { \
	    echo "make: bats-core is not installed: apt-get install bats, or npm install -g bats" >&2; \
	    exit 1; }
test: all tests/unit
	@$(NEED_BATS)
	@start=$$(date +%s); \
	$(BATS) $(SUITE); rc=$$?; \
	echo "make test: $$(($$(date +%s) - start)) s"; exit $$rc

platforms: all tests/unit
	@$(NEED_BATS)
	$(BATS) $(PLATFORM_TESTS)

# The suite against programs built with AddressSanitizer and UBSan in
# tests/san (put first on PATH through DELVING_BIN): the normal build in
# bin/ and common/ is left as it is.
SANCC = clang
SANDIR = tests/san
# make sanitize TESTS=tests/roll.bats runs one file under the sanitizers
TESTS = $(SUITE)
sanitize: all tests/unit
	rm -rf $(SANDIR) && mkdir -p $(SANDIR)
	for c in $(OBJ:.o=.c) tests/unit.c; do o=$${c##*/}; \
	    $(SANCC) $(DELVING_CPPFLAGS) $(CPPFLAGS) -std=c11 -Wall -Wextra -Wpedantic \
	    $(SANITIZE) -c -o $(SANDIR)/$${o%.c}.o $$c || exit 1; done
	for p in $(PROGS) unit; do src=$$($(SRC_OF)); [ $$p = unit ] && src=$(SANDIR)/unit.o; \
	    $(SANCC) $(DELVING_CPPFLAGS) $(CPPFLAGS) -std=c11 $(SANITIZE) -o $(SANDIR)/$$p \
	    $$src `for c in $(OBJ:.o=.c); do o=$${c##*/}; echo $(SANDIR)/$${o%.c}.o; done` \
	    || exit 1; done
	export DELVING_BIN=$$(pwd)/$(SANDIR); $(BATS) $(TESTS)

# The suite with every program run under valgrind's memcheck: any error or
# leak makes the program exit 99, which fails its test.  It runs its own
# dynamically linked builds of the programs (valgrind finds leaks only
# where it can replace malloc), so a rebuild cannot disturb it (valgrind needs a stderr:
# a closed one is given /dev/null), over MEMCHECK_TESTS (all
# but limits.bats, long streams, and platforms.bats, cross builds).
MEMCHECK_TESTS = tests/badinput.bats tests/chase.bats tests/common.bats \
	tests/completion.bats tests/frontend.bats tests/hazard.bats tests/install.bats \
	tests/json.bats tests/light.bats tests/pipeline.bats \
	tests/reaction.bats tests/return.bats tests/roll.bats \
	tests/state.bats tests/timedice.bats
memcheck: all tests/unit
	@command -v valgrind >/dev/null || { echo "make memcheck: valgrind is not installed" >&2; exit 1; }
	@d=$$(mktemp -d) && mkdir $$d/real && for p in $(PROGS); do \
	    $(CC) $(DELVING_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -o $$d/real/$$p $$($(SRC_OF)) $(LIB) \
	    $(LDFLAGS) && \
	    printf '#!/bin/sh\ncommand : >&2 || exec 2>/dev/null\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect %s "$$@"\n' \
	    "$$d/real/$$p" > $$d/$$p && chmod +x $$d/$$p; done && \
	    DELVING_BIN=$$d bats $(MEMCHECK_TESTS); rc=$$?; rm -rf $$d; exit $$rc

fuzz:
	tests/fuzz/run $(FUZZ_SECONDS)

bench: all
	tests/bench.sh

lint:
	mandoc -Tlint -Wwarning $(MAN6) $(MAN7)

demo: all
	tests/demo.sh

# The directories install needs; those it had to create are listed in
# MANIFEST, so that uninstall removes them (when empty) and no other.
DIRS = $(PREFIX)/bin $(MANPREFIX)/man6 $(MANPREFIX)/man7 $(BASHCOMPDIR) \
	$(ZSHCOMPDIR) $(PREFIX)/share/delving
MANIFEST = $(PREFIX)/share/delving/created-directories

install: all
	@new=; for d in $(DIRS); do p=$$d; while [ "$$p" != / ] && [ "$$p" != . ] && \
	    [ ! -d "$(DESTDIR)$$p" ]; do new="$$new $$p"; p=$$(dirname "$$p"); done; done; \
	    for d in $(DIRS); do mkdir -p "$(DESTDIR)$$d" || exit 1; done; \
	    [ -z "$$new" ] || printf '%s\n' $$new | sort -u >> $(DESTDIR)$(MANIFEST)
	for p in $(PROGS); do cp -f bin/$$p $(DESTDIR)$(PREFIX)/bin/$$p; \
	    chmod 755 $(DESTDIR)$(PREFIX)/bin/$$p; done
	cp -f $(MAN6) $(DESTDIR)$(MANPREFIX)/man6/
	cp -f $(MAN7) $(DESTDIR)$(MANPREFIX)/man7/
	for p in $(PROGS); do cp -f cmd/completion/delving.bash $(DESTDIR)$(BASHCOMPDIR)/$$p; \
	    chmod 644 $(DESTDIR)$(BASHCOMPDIR)/$$p; done
	cp -f cmd/completion/_delving $(DESTDIR)$(ZSHCOMPDIR)/_delving
	chmod 644 $(DESTDIR)$(ZSHCOMPDIR)/_delving

# What install added, then the directories it created, deepest first, as
# far as they are empty: never one that was there before.
uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(PREFIX)/bin/$$p \
	    $(DESTDIR)$(BASHCOMPDIR)/$$p; done
	for m in $(MAN6); do rm -f $(DESTDIR)$(MANPREFIX)/man6/$${m##*/}; done
	for m in $(MAN7); do rm -f $(DESTDIR)$(MANPREFIX)/man7/$${m##*/}; done
	rm -f $(DESTDIR)$(ZSHCOMPDIR)/_delving
	@if [ -f $(DESTDIR)$(MANIFEST) ]; then \
	    dirs=$$(awk '{ print length($$0), $$0 }' $(DESTDIR)$(MANIFEST) | sort -rn | cut -d' ' -f2-); \
	    rm -f $(DESTDIR)$(MANIFEST); \
	    for d in $$dirs; do rmdir "$(DESTDIR)$$d" 2>/dev/null || :; done; fi

# A release tarball of the committed tree (HEAD), without built files.
dist:
	v=$(VERSION); [ -n "$$v" ] || { echo "make dist: no DELVING_VERSION in common/util.h" >&2; \
	    exit 1; }; git archive --format=tar.gz --prefix=delving-$$v/ \
	    -o $(DISTDIR)/delving-$$v.tar.gz HEAD

clean:
	rm -rf bin tests/unit tests/san $(OBJ) $(LIB) common/static.flag delving-*.tar.gz \
	    $(COMPLETIONS)

.PHONY: all test platforms sanitize memcheck fuzz bench lint demo install uninstall dist clean
