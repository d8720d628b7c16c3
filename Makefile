# Sable build. `make` builds bin/sable; `make test` installs what is missing, builds (also an
# ASan+UBSan build) and runs every test; `make run` starts the REPL. Sources are found by
# wildcard, so adding a file to a folder needs no edit here.

CC      ?= gcc
PYTHON  ?= /usr/bin/python3
VENV    := build/venv
CSTD    := -std=c11 -D_GNU_SOURCE
WARN    := -Wall -Wextra -Werror -Wno-unused-parameter
INC     := -I. -Ilang -Iengine -Iplotting -Ikernel
OPT     ?= -O2 -g
DEPFLAGS = -MMD -MP
PKGS    := libzmq jansson openssl libedit libpcre2-8
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
# The Jupyter kernel (kernel/*.c with ZeroMQ, jansson, OpenSSL) is a module next to the binary,
# loaded by `sable kernel` only (repl/main.c): other start-ups do not load those libraries.
KRN_LIBS := $(shell pkg-config --libs libzmq jansson openssl 2>/dev/null)
BIN_LIBS := $(shell pkg-config --libs libedit libpcre2-8 2>/dev/null) -lgmp -lz -lpthread -ldl -lm
# OpenBLAS and LAPACKE are not linked: engine/cpu/cpu_blas.c loads them with dlopen on first
# use (start-up time); only their headers are needed to build.
LIBS    := $(PKG_LIBS) -lgmp -lz -lpthread -ldl -lm
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) $(INC) $(PKG_CFLAGS) $(DEPFLAGS) $(EXTRA_CFLAGS)

# CUDA is optional: the GPU engine is a separate shared object loaded at run time.
CUDA_HOME ?= /usr/local/cuda
HAVE_CUDA := $(shell test -x $(CUDA_HOME)/bin/nvcc && echo 1)

LIB_SRC  := $(wildcard lang/*/*.c engine/*.c engine/cpu/*.c engine/cgen/*.c plotting/*.c kernel/*.c front/*.c)
MAIN_SRC := $(wildcard repl/*.c)
# Library modules written in Sable itself, embedded as C strings (tools/embed.py).
PRELUDE  := $(wildcard lang/prelude/*.py)
GEN_SRC  := build/gen/prelude_data.c
LIB_SRC  += $(GEN_SRC)
SRC      := $(LIB_SRC) $(MAIN_SRC)
UNIT_SRC := $(wildcard tests/unit/*.c)

KRN_SRC   := $(wildcard kernel/*.c)
OBJ       := $(filter-out $(KRN_SRC:%.c=build/obj/%.o),$(SRC:%.c=build/obj/%.o))
KRN_PIC   := $(KRN_SRC:%.c=build/pic/%.o)
KRN_PIC_ASAN := $(KRN_SRC:%.c=build/asan/pic/%.o)
LIB_OBJ   := $(LIB_SRC:%.c=build/obj/%.o)
ASAN_OBJ  := $(filter-out $(KRN_SRC:%.c=build/asan/%.o),$(SRC:%.c=build/asan/%.o))
ASAN_LIB  := $(LIB_SRC:%.c=build/asan/%.o)
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=build/unit/%)
ASAN_UNIT := $(UNIT_SRC:tests/unit/%.c=build/asan/unit/%)
SANFLAGS  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

.PHONY: all run test deps venv asan unit clean install-kernel lab bench

all: bin/sable bin/sable-kernel.so

bin/sable: $(OBJ)
	@mkdir -p bin
	$(CC) $(OPT) -rdynamic -o $@ $^ $(BIN_LIBS)

# Resolves the language's symbols against the sable binary (-rdynamic) when loaded.
bin/sable-kernel.so: $(KRN_PIC)
	@mkdir -p bin
	$(CC) $(OPT) -shared -o $@ $^ $(KRN_LIBS)

build/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fPIC -c $< -o $@

build/asan/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O1 $(SANFLAGS) -fPIC -c $< -o $@

$(GEN_SRC): $(PRELUDE) tools/embed.py
	@mkdir -p $(dir $@)
	$(PYTHON) tools/embed.py $@ $(PRELUDE)

build/obj/build/gen/%.o: build/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

build/asan/build/gen/%.o: build/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O1 $(SANFLAGS) -c $< -o $@

build/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# PRNG code must not contract a*b+c into FMA, to match JAX to the last bit.
build/obj/engine/prng.o build/asan/engine/prng.o: EXTRA_CFLAGS += -ffp-contract=off

build/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O1 $(SANFLAGS) -c $< -o $@

build/asan/bin/sable: $(ASAN_OBJ) build/asan/bin/sable-kernel.so
	@mkdir -p $(dir $@)
	$(CC) -O1 $(SANFLAGS) -rdynamic -o $@ $(ASAN_OBJ) $(BIN_LIBS)

build/asan/bin/sable-kernel.so: $(KRN_PIC_ASAN)
	@mkdir -p $(dir $@)
	$(CC) -O1 $(SANFLAGS) -shared -o $@ $^ $(KRN_LIBS)

# -rdynamic as for bin/sable: symbols the dlopen'ed libraries must find in the program
# (LAPACKE_xerbla) are exported.
build/unit/%: tests/unit/%.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -rdynamic -o $@ $^ $(LIBS)

build/asan/unit/%: tests/unit/%.c $(ASAN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O1 $(SANFLAGS) -rdynamic -o $@ $^ $(LIBS)

asan: build/asan/bin/sable $(ASAN_UNIT)
unit: $(UNIT_BIN)

deps:
	@$(PYTHON) tools/deps.py

venv: $(VENV)/.stamp
$(VENV)/.stamp: tools/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r tools/requirements.txt
	touch $@

run: deps all
	./bin/sable

# -k: a unit test that fails to build is reported by the runner as a failure, and the rest
# still runs; a missing bin/sable fails the run outright.
test: deps
	$(MAKE) venv
	-$(MAKE) -k all unit asan
	$(PYTHON) tests/run.py

# The kernelspec needs only the binary and the system Python (tools/install_kernel.py uses the
# standard library), not the test venv.
install-kernel: all
	$(PYTHON) tools/install_kernel.py --user

# One command to a notebook: build, put JupyterLab into build/venv if it is not there (pip,
# once), install the kernelspec, start JupyterLab on localhost in notebooks/.
LAB_PORT ?= 8888
lab: deps all
	@test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	@test -x $(VENV)/bin/jupyter-lab || $(VENV)/bin/pip install -q --disable-pip-version-check jupyterlab
	$(PYTHON) tools/install_kernel.py --user
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(LAB_PORT) --no-browser --notebook-dir=notebooks \
	  --MultiKernelManager.default_kernel_name=sable

bench: all
	$(PYTHON) bench/run.py

clean:
	rm -rf build bin

-include $(OBJ:.o=.d) $(ASAN_OBJ:.o=.d) $(KRN_PIC:.o=.d) $(KRN_PIC_ASAN:.o=.d)
