import Foundation
import VitrinaKit

/// A page as the render stage drew it: its path in the output and its HTML.
/// Una página tal como la dibujó la etapa de dibujo: su ruta en la salida y su HTML.
struct DrawnPage: Sendable {
    let path: String
    let bytes: [UInt8]
}

/// Where the render stage hands the pages it draws, in batches; the stage writes nothing itself.
/// A donde la etapa de dibujo entrega las páginas que dibuja, por tandas; la etapa no escribe nada.
protocol PageSink: Sendable {
    /// How many drawn pages to hand over at a time.
    var batchSize: Int { get }
    /// The size of the last build's file for `path` when it is still there to keep, so the page need not be drawn.
    func reusable(_ path: String) -> Int?
    /// Takes a batch of drawn pages; throws when they cannot be kept.
    func take(_ pages: [DrawnPage]) throws
    /// Waits for every batch handed over; throws the first failure.
    func finish() throws
}

/// The staging area as the render stage's sink: each page written by the thread that drew it on a small site, or
/// batches handed to writer threads on a large one (the disk's waits then leave the drawing going).
/// La carpeta temporal como destino del dibujo: cada página escrita al dibujarse, o por tandas a hilos escritores.
struct StagedPages: PageSink {
    let staging: StagingArea
    let writers: FileWriters?

    /// Writer threads for `toDraw` pages from `threads.from` on.
    init(_ staging: StagingArea, toDraw: Int, threads: WriterThreads) {
        self.staging = staging
        writers = toDraw >= threads.from ? FileWriters(threadSetUp: threads.setUp) : nil
    }

    /// Without writers each file is written as soon as it is drawn; with them, a few hand-overs cost nothing beside drawing.
    var batchSize: Int { writers == nil ? 1 : 16 }

    func reusable(_ path: String) -> Int? { staging.reuse(path) }

    func take(_ pages: [DrawnPage]) throws {
        guard let writers else { return try staging.write(pages) }
        let staging = staging
        try writers.submit { try staging.write(pages) }
    }

    func finish() throws { try writers?.finish() }
}
