import CAllocator
import VitrinaKit
import VitrinaBuild

/// What the program's allocator (jemalloc, see CAllocator) is told about the build's threads.
/// Lo que se le dice al asignador de memoria del programa sobre los hilos de la construcción.
extension BuildOptions {
    /// Build options whose file writer threads run without the allocator's per-thread cache.
    func withWriterThreadsUncached() -> BuildOptions {
        var options = self
        options.writerThreads.setUp = { vit_allocator_stop_thread_cache() }
        return options
    }
}
