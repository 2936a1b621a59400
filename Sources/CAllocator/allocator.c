// Linking this file puts Debian's jemalloc (its static archive in `make dist`) in place of glibc's malloc for the whole
// vitrina program. Swift allocates and frees a small block for almost every string, array and closure it builds.
// Measured on tldr-en (7,425 pages, tmpfs, 2 cores, the packed binaries alternating, medians of 6): a full build
// 1.41 -> 1.14 s, CPU time 2.00 -> 1.62 s, peak memory 79.7 -> 82.7 MB; glibc's own tunables (tcache count, mmap and
// trim thresholds) gained nothing, and Debian ships mimalloc, as fast here, without a static archive.
// Enlazar este fichero pone jemalloc en lugar del malloc de glibc: tldr-en se construye en un 19 % menos de tiempo.
#include <jemalloc/jemalloc.h>
#include <stdbool.h>
#include "vitrina_allocator.h"

// One arena per core, the one of the core a thread runs on (jemalloc's default is four per core; one per core measured
// as fast here, with no more memory). Read by jemalloc at its first allocation; MALLOC_CONF in the environment still
// overrides it.
// Una arena por núcleo; MALLOC_CONF en el entorno lo sigue pudiendo cambiar.
const char *malloc_conf = "percpu_arena:percpu";

void vit_allocator_stop_thread_cache(void) {
    bool enabled = false;
    mallctl("thread.tcache.enabled", NULL, NULL, &enabled, sizeof enabled);
}

unsigned vit_allocator_arenas(void) {
    unsigned arenas = 0;
    size_t size = sizeof arenas;
    return mallctl("opt.narenas", &arenas, &size, NULL, 0) == 0 ? arenas : 0;
}
