// The memory allocator of the vitrina program: Debian's jemalloc in place of glibc's malloc (see allocator.c).
// El asignador de memoria del programa vitrina: jemalloc de Debian en lugar del malloc de glibc (ver allocator.c).
#ifndef VITRINA_ALLOCATOR_H
#define VITRINA_ALLOCATOR_H

// The number of arenas jemalloc runs with (one per core, from `malloc_conf`); 0 when the allocator is not jemalloc.
// Its use of jemalloc's mallctl keeps a linker that drops unused shared libraries (--as-needed) from dropping jemalloc,
// whose malloc the program would otherwise never ask for by name.
unsigned vit_allocator_arenas(void);

// Turns off the calling thread's cache of freed blocks. For threads that mostly free what other threads allocated (the
// build's file writers): their caches filled with blocks no one there would reuse (7 MB with eight writers, tldr-en).
// Apaga la caché de bloques liberados del hilo que llama: los escritores liberan lo que otros hilos reservaron.
void vit_allocator_stop_thread_cache(void);

#endif
