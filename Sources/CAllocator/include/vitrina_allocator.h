// The memory allocator of the vitrina program: Debian's jemalloc in place of glibc's malloc (see allocator.c).
// El asignador de memoria del programa vitrina: jemalloc de Debian en lugar del malloc de glibc (ver allocator.c).
#ifndef VITRINA_ALLOCATOR_H
#define VITRINA_ALLOCATOR_H

// The number of arenas jemalloc runs with (one per core, from `malloc_conf`); 0 when the allocator is not jemalloc.
// Swift calls nothing here: this function's use of jemalloc's mallctl is what keeps a linker that drops unused shared
// libraries (--as-needed) from dropping jemalloc, whose malloc the program would otherwise never ask for by name.
unsigned vit_allocator_arenas(void);

#endif
