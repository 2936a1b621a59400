import VitrinaKit

/// Render, check and write: the stages a build and a quick edit share, so both draw, check and record pages alike.
/// Dibujo, comprobación y escritura: las etapas que comparten la construcción y la edición rápida.
struct OutputStages {
    /// Where this output's build state is kept.
    let statePath: String
    let siteDirectory: String
    let memo: BuildMemo?
    let progress: (any BuildProgress)?
    let writerThreads: WriterThreads

    init(options: BuildOptions) {
        statePath = BuildState.path(siteDirectory: options.siteDirectory, outputDirectory: options.outputDirectory)
        siteDirectory = options.siteDirectory
        memo = options.memo
        progress = options.progress
        writerThreads = options.writerThreads
    }

    /// Runs `work` with a new staging area after `last`; when it throws, the staging area is discarded and the output
    /// left as it was.
    /// Ejecuta `work` con una carpeta temporal nueva; si falla, se descarta y la salida queda como estaba.
    func staged<T>(by writer: OutputWriter, after last: OutputWriter.LastBuild, keepingAll: Bool = false,
                   _ work: (StagingArea) throws -> T) throws -> T {
        let staging = try writer.beginStaging(after: last, keepingAll: keepingAll)
        do {
            return try work(staging)
        } catch {
            writer.discard(staging)
            throw error
        }
    }

    /// Render: draws each page whose inputs changed into `staging`, in parallel; the others keep their file and record.
    /// Dibujo: dibuja en la carpeta temporal cada página cuyas entradas cambiaron; las demás conservan su fichero.
    func render(_ jobs: [RenderStage.Job], of pages: [Page], with renderer: PageRenderer, into staging: StagingArea) throws -> RenderStage.Output {
        try RenderStage(staging: staging, renderer: renderer, progress: progress, writerThreads: writerThreads).renderPages(jobs, of: pages)
    }

    /// Check: the links of the drawn pages and of the pages whose links may have a new outcome; the pages' records with
    /// their link outcomes, the ids known of every page, and every problem, by page, as values.
    /// Comprobación: los enlaces de las páginas dibujadas y de las que pueden dar otro resultado, como valores.
    /// The records and ids are taken, not copied: the check changes a few of them, and at 100,000 pages a copy of each
    /// table costs more than the check.
    func check(_ drawn: [PageLinks], records: consuming [String: BuildState.Record], files: Set<String>, change: IncrementalLinkCheck.FileChange,
               ids: consuming [String: Set<String>], kept: KeptPages) -> LinkFindings {
        var findings = LinkFindings(records: consume records, ids: consume ids)
        IncrementalLinkCheck(files: files, change: change, readKept: kept.html)
            .run(drawn: drawn, records: &findings.records, ids: &findings.ids)
        findings.problems = IncrementalLinkCheck.problems(findings.records)
        return findings
    }

    /// Write: the assembled files into the staging area beside the drawn pages, the changed files into the output, then
    /// what each page was made from; returns that record and what the writer left alone. Under `vitrina serve` the record
    /// is saved on another thread, in order (the process keeps it in memory, and waits for the writing when it stops; a
    /// process killed first leaves a file naming an older build, and the next build draws every page, as without one).
    /// Escritura: los ficheros ensamblados a la carpeta temporal, los cambiados a la salida, y de qué se hizo cada página.
    func write(_ staging: StagingArea, assembly: SiteAssembly?, files: [String], records: [String: BuildState.Record],
               by writer: OutputWriter) throws -> (state: BuildState, notes: [String]) {
        try assembly?.write(into: staging)
        guard let memo else {
            let (id, notes) = try write(staging, files: files, by: writer) { BuildState(records: records).encodedRecords(inOrderOf: files) }
            return (BuildState(buildID: id, records: records), notes)
        }
        let (id, notes) = try writer.commit(staging, written: files)
        let state = BuildState(buildID: id, records: records)
        memo.saveInBackground(state, at: statePath, of: siteDirectory, inOrderOf: files)
        memo.remember(state, at: statePath)
        return (state, notes)
    }

    /// The changed files into the output, and the records as `encodedRecords` makes their lines, encoded on a second
    /// core while the files are committed; returns the build id and what the writer left alone.
    /// Los ficheros cambiados a la salida y los registros, codificados en otro núcleo mientras se confirman los ficheros.
    func write(_ staging: StagingArea, files: [String], by writer: OutputWriter,
               encodedRecords: @Sendable () -> [UInt8]) throws -> (id: String, notes: [String]) {
        let ((id, notes), lines) = try Parallel.both({ try writer.commit(staging, written: files) }, encodedRecords)
        try BuildState.save(lines, of: id, to: statePath)
        return (id, notes)
    }
}

/// What the check stage found: each page's record with its links' outcomes, the ids of every page, and the problems.
/// Lo que halló la comprobación: el registro de cada página, los ids de cada página y los problemas.
struct LinkFindings: Sendable {
    var records: [String: BuildState.Record]
    var ids: [String: Set<String>]
    var problems: [String] = []
}

/// The pages the last build left in the output, read back only when the check needs a kept page's links again (a page
/// that links to a file that appeared or went away). It belongs to what the loading side hands the check, like the
/// records, so the check itself touches no disk.
/// Las páginas que dejó la última construcción, leídas solo cuando la comprobación necesita de nuevo sus enlaces.
struct KeptPages: Sendable {
    let outputDirectory: String

    func html(_ file: String) -> [UInt8]? { try? Files.read("\(outputDirectory)/\(file)") }
}
